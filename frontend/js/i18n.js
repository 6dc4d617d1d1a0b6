/**
 * The words the scripts write at run time, in French (first) and English. Static page text is
 * written in both languages in the HTML and CSS shows the one matching <html lang>, so nothing
 * flickers or shifts when the page loads.
 */
const WORDS = {
  fr: {
    yourTurn: "À vous de jouer",
    thinking: "L'ordinateur réfléchit…",
    computerPlays: "l'ordinateur joue {m}",
    computerTakes: "l'ordinateur prend {m}",
    youPlay: "{m}",
    selected: "Pièce {sq} choisie",
    cancelled: "Choix annulé",
    stepTaken: "Case {sq}, continuez la prise",
    ambiguous: "Plusieurs chemins mènent à {sq} : touchez les cases une par une",
    refused: "Coup impossible vers {sq}",
    notMovable: "Cette pièce ne peut pas jouer",
    requestFailed: "La requête a échoué. Votre partie est conservée.",
    retry: "Réessayer",
    stale: "La partie a avancé ailleurs : position mise à jour.",
    notFound: "Cette partie n'existe plus.",
    expired: "Cette partie a expiré.",
    won: "Gagné !",
    lost: "Perdu",
    draw: "Partie nulle",
    resigned: "Abandon",
    "reason:no-moves:won": "l'ordinateur ne peut plus jouer",
    "reason:no-moves:lost": "vous ne pouvez plus jouer",
    "reason:25-king-moves": "25 coups de dames sans prise",
    "reason:150-moves": "150 coups joués",
    "reason:repetition": "position répétée trois fois",
    "reason:16-move-endgame": "règle des 16 coups",
    "reason:5-move-endgame": "règle des 5 coups",
    "reason:resigned": "vous avez abandonné",
    scoreLine: "{base} + {perPiece} × {pieces} pièces − {seconds} s",
    points: "{total} points",
    finished: "Partie terminée",
    rank: "Rang {rank} au classement ({board}) — meilleur score : {best}",
    boardDaily: "défi du jour",
    boardFree: "partie libre",
    alreadyClaimed: "Score déjà inscrit au classement.",
    pseudoTaken: "Ce pseudonyme est déjà pris.",
    pseudoInvalid: "Pseudonyme refusé : de 3 à 20 caractères, lettres, chiffres, espaces et - _ . uniquement.",
    copied: "Résultat copié !",
    copyFailed: "Copie impossible : {text}",
    shareDaily: "Dames du jour — défi du {date}",
    shareFree: "Dames du jour — partie libre du {date}",
    shareWon: "Gagné : {score} points, {pieces} pièces, {time}",
    shareOther: "{result} en {time}",
    gameOver: "Partie terminée : {result}",
    modeDaily: "Défi du {date}",
    modeFree: "Partie libre",
    modePractice: "Entraînement",
    countdown: "Prochain défi dans {time}",
    newDaily: "Le nouveau défi est prêt !",
    confirmResign: "Confirmer l'abandon",
    resign: "Abandonner",
    loading: "Chargement…",
    empty: "Personne n'a encore marqué de points ici.",
    you: "vous",
    square: "case {sq}",
    "piece:white": "pion blanc",
    "piece:black": "pion noir",
    "piece:white-king": "dame blanche",
    "piece:black-king": "dame noire",
    boardLabel: "Damier, les blancs en bas",
    resumeDaily: "Reprendre le défi",
    seeDaily: "Voir mon résultat du jour",
    resumeFree: "Reprendre la partie libre",
  },
  en: {
    yourTurn: "Your move",
    thinking: "The computer is thinking…",
    computerPlays: "the computer plays {m}",
    computerTakes: "the computer takes {m}",
    youPlay: "{m}",
    selected: "Piece {sq} selected",
    cancelled: "Selection cancelled",
    stepTaken: "Square {sq}, keep capturing",
    ambiguous: "Several paths lead to {sq}: touch the squares one by one",
    refused: "No legal move to {sq}",
    notMovable: "That piece cannot move",
    requestFailed: "The request failed. Your game is kept.",
    retry: "Retry",
    stale: "The game moved on elsewhere: position updated.",
    notFound: "This game no longer exists.",
    expired: "This game has expired.",
    won: "You won!",
    lost: "You lost",
    draw: "Draw",
    resigned: "Resigned",
    "reason:no-moves:won": "the computer cannot move",
    "reason:no-moves:lost": "you cannot move",
    "reason:25-king-moves": "25 king moves without a capture",
    "reason:150-moves": "150 moves played",
    "reason:repetition": "position repeated three times",
    "reason:16-move-endgame": "16-move rule",
    "reason:5-move-endgame": "5-move rule",
    "reason:resigned": "you resigned",
    scoreLine: "{base} + {perPiece} × {pieces} pieces − {seconds} s",
    points: "{total} points",
    finished: "Game over",
    rank: "Rank {rank} on the {board} leaderboard — best score: {best}",
    boardDaily: "daily challenge",
    boardFree: "free play",
    alreadyClaimed: "Score already on the leaderboard.",
    pseudoTaken: "That pseudonym is taken.",
    pseudoInvalid: "Pseudonym refused: {why}",
    copied: "Result copied!",
    copyFailed: "Could not copy: {text}",
    shareDaily: "Dames du jour — challenge of {date}",
    shareFree: "Dames du jour — free play of {date}",
    shareWon: "Won: {score} points, {pieces} pieces, {time}",
    shareOther: "{result} in {time}",
    gameOver: "Game over: {result}",
    modeDaily: "Challenge of {date}",
    modeFree: "Free play",
    modePractice: "Practice",
    countdown: "Next challenge in {time}",
    newDaily: "The new challenge is ready!",
    confirmResign: "Confirm resignation",
    resign: "Resign",
    loading: "Loading…",
    empty: "Nobody has scored here yet.",
    you: "you",
    square: "square {sq}",
    "piece:white": "white man",
    "piece:black": "black man",
    "piece:white-king": "white king",
    "piece:black-king": "black king",
    boardLabel: "Board, White at the bottom",
    resumeDaily: "Resume the challenge",
    seeDaily: "See today's result",
    resumeFree: "Resume the free game",
  },
};

export const LANG_KEY = "dames.lang";

export function lang() {
  return document.documentElement.lang === "en" ? "en" : "fr";
}

/** The phrase for `key` in the page's language, with {name} placeholders filled. */
export function t(key, params = {}) {
  const text = WORDS[lang()][key] ?? WORDS.fr[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

/** Numbers the way the language writes them (3 000 in French, 3,000 in English). */
export function formatNumber(n) {
  return new Intl.NumberFormat(lang() === "en" ? "en-GB" : "fr-FR").format(n);
}

export function formatDuration(totalSeconds) {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

export function formatDate(iso) {
  if (!iso) return "";
  const [y, mo, d] = iso.split("-").map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return new Intl.DateTimeFormat(lang() === "en" ? "en-GB" : "fr-FR", {
    day: "numeric", month: "long", year: "numeric", timeZone: "UTC",
  }).format(date);
}

/** Wires the language switch in the header and tells listeners when the language changes. */
export function setupLanguageSwitch(onChange) {
  const button = document.getElementById("lang-switch");
  if (!button) return;
  button.addEventListener("click", () => {
    const next = lang() === "fr" ? "en" : "fr";
    document.documentElement.lang = next;
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    if (onChange) onChange(next);
  });
}
