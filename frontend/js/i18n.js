// @ts-check
/**
 * The words the scripts write at run time, in French (first) and English. Static page text is
 * written in both languages in the HTML and CSS shows the one matching <html lang>, so nothing
 * flickers or shifts when the page loads.
 */
import { writeText } from "./store.js";
import { setupThemeSwitch } from "./theme.js";

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
    mustCapture: "La prise est obligatoire : seule {pieces} peut prendre",
    mustCaptureMany: "La prise est obligatoire : seules {pieces} peuvent prendre",
    pieceOn: "la pièce en {sq}",
    piecesOn: "les pièces en {list} et {last}",
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
    "reason:40-moves": "40 coups chacun sans prise ni pion avancé",
    "reason:resigned": "vous avez abandonné",
    scoreLine: "{base} + {perPiece} × {pieces} pièces − {seconds} s",
    points: "{total} points",
    finished: "Partie terminée",
    rank: "Rang {rank} au classement ({board}) — meilleur score : {best}",
    boardDaily: "défi du jour",
    boardFree: "partie libre",
    alreadyClaimed: "Score déjà inscrit au classement.",
    pseudoTaken: "Ce pseudonyme est déjà pris.",
    tooManyPseudonyms: "Trop de pseudonymes créés depuis ce réseau aujourd'hui : réessayez demain.",
    pseudoInvalid: "Pseudonyme refusé : de 3 à 20 caractères, lettres, chiffres, espaces et - _ . uniquement.",
    pseudoReserved: "Ce pseudonyme est réservé : il se lirait comme la voix du site (équipe, modération, ordinateur…). Choisissez-en un autre.",
    copied: "Résultat copié !",
    copyFailed: "Copie impossible : {text}",
    shareDaily: "Dames du jour — défi du {date}",
    shareFree: "Dames du jour — partie libre du {date}",
    shareWon: "Gagné : {score} points, {pieces} pièces, {moves}, {time}",
    shareOther: "{result} : {moves}, {time}",
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
    myRank: "{name} (vous) : rang {rank} — {score} points",
    provisional: "provisoire",
    provisionalNote: "Provisoire : la partie est en cours d'analyse (fair-play).",
    underReview: "Votre partie à {score} points est en cours d'examen : {why}",
    pausesShort: "‖ {n} · {time}",
    "pausesDetail:one": "{n} pause, horloge arrêtée {time}",
    "pausesDetail:other": "{n} pauses, horloge arrêtée {time}",
    // past challenges (days.js)
    pastPlay: "Jouer",
    pastPlayLabel: "le défi du {date}",
    pastBoard: "Classement",
    pastBoardLabel: "du {date}",
    pastSeed: "Graine : {seed}",
    pastEmpty: "Aucun défi n'est encore terminé. Revenez demain !",
    pastFailed: "La liste des défis n'a pas pu être chargée.",
    square: "case {sq}",
    "piece:white": "pion blanc",
    "piece:black": "pion noir",
    "piece:white-king": "dame blanche",
    "piece:black-king": "dame noire",
    boardLabel: "Damier, les blancs en bas",
    resumeDaily: "Reprendre le défi",
    seeDaily: "Voir mon résultat du jour",
    resumeFree: "Reprendre la partie libre",
    // home page: yesterday's revealed seed (home.js)
    yesterdaySeed: "Graine du défi du {date} : {seed}",
    yesterdayPending: "La graine du défi du {date} sera révélée à {time}, après sa clôture.",
    verifyCommand: "./dames verify partie.pdn --seed {seed}",
    verifyHow: "partie.pdn : une partie d'hier, telle que sa page la donne (« Télécharger le PDN », sous le damier) ; la commande se lance à la racine du code source du jeu (Python 3.11 ou plus, rien d'autre à installer).",
    verifyHowVersion: "partie.pdn : une partie d'hier, telle que sa page la donne (« Télécharger le PDN », sous le damier) ; la commande se lance à la racine du code source du jeu (Python 3.11 ou plus, rien d'autre à installer), ordinateur version {version}.",
    // game page: daily close, replays, errors, end screen (play.js, share.js, streak.js)
    modeDailyPast: "Défi du {date} (rejoué)",
    closesSoon: "Le défi ferme dans {time} : une victoire après ne comptera plus pour le classement.",
    closedUnranked: "Le défi du {date} est clos : cette partie ne compte plus pour le classement.",
    replayUnranked: "Défi du {date} rejoué : cette partie ne compte pas pour le classement.",
    computerChanged: "L'ordinateur a été mis à jour pendant cette partie : elle continue, mais ne compte plus pour le classement.",
    dailyClosedClaim: "Gagné après la clôture du défi : ce score ne compte pas pour le classement.",
    replayNotRanked: "Défi rejoué : ce score ne compte pas pour le classement.",
    notRanked: "Score non inscrit au classement : {why}",
    playAgain: "Rejouer le défi",
    playAgainNote: "Rejouez autant que vous voulez : seul votre meilleur score compte au classement du jour.",
    playToday: "Jouer le défi du jour",
    newGameLabel: "Nouvelle partie",
    cannotStart: "Impossible de commencer la partie",
    cannotStartWhy: "Impossible de commencer cette partie : {why}",
    requestRefused: "Le serveur a refusé la demande : {why}",
    casualGame: "Partie hors classement : seules les parties libres jouées depuis le départ avec les Blancs contre le niveau Défi, en dames internationales et sans aide, y entrent.",
    badLevel: "Ce lien demande un niveau inconnu (« {level} »). Niveaux possibles : debutant, facile, defi, fort, maitre.",
    badFen: "La position de ce lien n'est pas valide.",
    overFen: "La position de ce lien est déjà terminée : il n'y a rien à jouer.",
    badVariant: "Ce lien demande une variante inconnue.",
    badDate: "La date de ce lien n'est pas valide (attendu : aaaa-mm-jj).",
    badMode: "Ce lien demande un mode de jeu que le site n'a pas (« {mode} ») : aucune partie n'a été ouverte.",
    playDailyInstead: "Jouer le défi du jour",
    dayNotClosed: "Le défi du {date} compte encore pour ses joueurs : il pourra être rejoué après sa clôture.",
    dayNotStarted: "Le défi du {date} n'a pas encore commencé.",
    noChallenge: "Il n'y a pas eu de défi le {date}.",
    noPause: "Aucune pause : {play} de jeu",
    pauseOne: "1 pause : {time} en pause pour {play} de jeu",
    pauseMany: "{n} pauses : {time} en pause pour {play} de jeu",
    shared: "Résultat partagé !",
    shareDailyUnranked: "Dames du jour — défi du {date} (rejoué)",
    shareMove: "{n} coup",
    shareMoves: "{n} coups",
    streakLine: "Série : {current} de suite · record : {best}",
    streakDay: "{n} jour",
    streakDays: "{n} jours",
    streakNone: "Pas encore de série : gagnez le défi du jour pour en commencer une.",
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
    mustCapture: "Capturing is compulsory: only {pieces} can take",
    mustCaptureMany: "Capturing is compulsory: only {pieces} can take",
    pieceOn: "the piece on {sq}",
    piecesOn: "the pieces on {list} and {last}",
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
    "reason:40-moves": "40 moves each without a capture or a man moving",
    "reason:resigned": "you resigned",
    scoreLine: "{base} + {perPiece} × {pieces} pieces − {seconds} s",
    points: "{total} points",
    finished: "Game over",
    rank: "Rank {rank} on the {board} leaderboard — best score: {best}",
    boardDaily: "daily challenge",
    boardFree: "free play",
    alreadyClaimed: "Score already on the leaderboard.",
    pseudoTaken: "That pseudonym is taken.",
    tooManyPseudonyms: "Too many pseudonyms were created from this network today: try again tomorrow.",
    pseudoInvalid: "Pseudonym refused: {why}",
    pseudoReserved: "This pseudonym is reserved: it would read as the site's own voice (staff, moderation, the computer…). Choose another one.",
    copied: "Result copied!",
    copyFailed: "Could not copy: {text}",
    shareDaily: "Dames du jour — challenge of {date}",
    shareFree: "Dames du jour — free play of {date}",
    shareWon: "Won: {score} points, {pieces} pieces, {moves}, {time}",
    shareOther: "{result}: {moves}, {time}",
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
    myRank: "{name} (you): rank {rank} — {score} points",
    provisional: "provisional",
    provisionalNote: "Provisional: the game is being analysed (fair play).",
    underReview: "Your {score}-point game is under review: {why}",
    pausesShort: "‖ {n} · {time}",
    "pausesDetail:one": "{n} pause, clock stopped for {time}",
    "pausesDetail:other": "{n} pauses, clock stopped for {time}",
    // past challenges (days.js)
    pastPlay: "Play",
    pastPlayLabel: "the challenge of {date}",
    pastBoard: "Leaderboard",
    pastBoardLabel: "of {date}",
    pastSeed: "Seed: {seed}",
    pastEmpty: "No challenge has closed yet. Come back tomorrow!",
    pastFailed: "The list of challenges could not be loaded.",
    square: "square {sq}",
    "piece:white": "white man",
    "piece:black": "black man",
    "piece:white-king": "white king",
    "piece:black-king": "black king",
    boardLabel: "Board, White at the bottom",
    resumeDaily: "Resume the challenge",
    seeDaily: "See today's result",
    resumeFree: "Resume the free game",
    // home page: yesterday's revealed seed (home.js)
    yesterdaySeed: "Seed of the {date} challenge: {seed}",
    yesterdayPending: "The seed of the {date} challenge will be revealed at {time}, after its close.",
    verifyCommand: "./dames verify game.pdn --seed {seed}",
    verifyHow: "game.pdn: one of yesterday's games, as its page gives it (\"Download the PDN\", under the board); run the command at the root of the game's source code (Python 3.11 or newer, nothing else to install).",
    verifyHowVersion: "game.pdn: one of yesterday's games, as its page gives it (\"Download the PDN\", under the board); run the command at the root of the game's source code (Python 3.11 or newer, nothing else to install), computer version {version}.",
    // game page: daily close, replays, errors, end screen (play.js, share.js, streak.js)
    modeDailyPast: "Challenge of {date} (replay)",
    closesSoon: "The challenge closes in {time}: a win after that will not count for the leaderboard.",
    closedUnranked: "The challenge of {date} has closed: this game no longer counts for the leaderboard.",
    replayUnranked: "Replay of the challenge of {date}: this game does not count for the leaderboard.",
    computerChanged: "The computer was updated during this game: it goes on, but no longer counts for the leaderboard.",
    dailyClosedClaim: "Won after the challenge closed: this score does not count for the leaderboard.",
    replayNotRanked: "A replayed challenge: this score does not count for the leaderboard.",
    notRanked: "Score not put on the leaderboard: {why}",
    playAgain: "Play the challenge again",
    playAgainNote: "Play it as often as you like: only your best score counts on the day's leaderboard.",
    playToday: "Play today's challenge",
    newGameLabel: "New game",
    cannotStart: "The game cannot start",
    cannotStartWhy: "This game cannot start: {why}",
    requestRefused: "The server refused the request: {why}",
    casualGame: "Not a ranked game: only free games of international draughts played from the start with White against the Challenge level, without help, enter the leaderboard.",
    badLevel: "This link asks for an unknown level (“{level}”). Levels: debutant, facile, defi, fort, maitre.",
    badFen: "The position in this link is not valid.",
    overFen: "The position in this link is already over: there is nothing to play.",
    badVariant: "This link asks for an unknown variant.",
    badDate: "The date in this link is not valid (expected: yyyy-mm-dd).",
    badMode: "This link asks for a game mode the site does not have (“{mode}”): no game was opened.",
    playDailyInstead: "Play today's challenge",
    dayNotClosed: "The challenge of {date} still counts for its players: it can be replayed once it has closed.",
    dayNotStarted: "The challenge of {date} has not begun yet.",
    noChallenge: "There was no challenge on {date}.",
    noPause: "No pause: {play} of play",
    pauseOne: "1 pause: {time} paused against {play} of play",
    pauseMany: "{n} pauses: {time} paused against {play} of play",
    shared: "Result shared!",
    shareDailyUnranked: "Dames du jour — challenge of {date} (replay)",
    shareMove: "{n} move",
    shareMoves: "{n} moves",
    streakLine: "Streak: {current} in a row · best: {best}",
    streakDay: "{n} day",
    streakDays: "{n} days",
    streakNone: "No streak yet: win today's challenge to start one.",
  },
};

const LANG_KEY = "lang";

/** Lets a page's own module bring its words ({fr: {...}, en: {...}}) without crowding this
 * file; a key already here keeps its meaning. */
export function addWords(extra) {
  for (const code of Object.keys(WORDS)) {
    WORDS[code] = { ...(extra[code] || {}), ...WORDS[code] };
  }
}

export function lang() {
  return document.documentElement.lang === "en" ? "en" : "fr";
}

/** The phrase for `key` in the page's language, with {name} placeholders filled. */
export function t(key, params = {}) {
  const text = WORDS[lang()][key] ?? WORDS.fr[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

/**
 * The phrase for a count `n`: the key's form for that number in the page's language
 * (`key:one`, `key:other`… as Intl.PluralRules names them: French says "1 coup", "0 coup",
 * English "0 moves"), with `{n}` and the other placeholders filled.
 * @param {string} key
 * @param {number} n
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(lang() === "en" ? "en-GB" : "fr-FR").select(n);
  const words = WORDS[lang()];
  const chosen = words[`${key}:${form}`] !== undefined ? `${key}:${form}` : `${key}:other`;
  return t(chosen, { ...params, n: formatNumber(n) });
}

/** Numbers the way the language writes them (3 000 in French, 3,000 in English). */
export function formatNumber(n) {
  return new Intl.NumberFormat(lang() === "en" ? "en-GB" : "fr-FR").format(n);
}

/**
 * A list the way the language writes it: "1, 2 et 3", "1, 2 and 3".
 * @param {string[]} items
 * @returns {string}
 */
export function formatList(items) {
  const code = lang() === "en" ? "en-GB" : "fr-FR";
  return new Intl.ListFormat(code, { style: "long", type: "conjunction" }).format(items);
}

/**
 * A phrase made to stand alone as a sentence: its first letter upper-case (the phrases are
 * written to follow a colon, lower-case).
 * @param {string} text
 * @returns {string}
 */
export function sentence(text) {
  return text ? text[0].toLocaleUpperCase(lang()) + text.slice(1) : text;
}

export function formatDuration(totalSeconds) {
  return formatCountdown(totalSeconds).replace(/^0:/, ""); // "05:03" under an hour
}

/**
 * The time left until something that happens at a set hour (the next challenge, a day's
 * close), always with its hours: "0:22:15", where "22:15" read as a time of day or as
 * 22 hours (a browser pass of 2026-12-07, just before midnight).
 * @param {number} totalSeconds
 * @returns {string}
 */
export function formatCountdown(totalSeconds) {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n) => String(n).padStart(2, "0");
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * A day as the language writes it: "1er décembre 2026" (French writes the first of the month
 * as an ordinal, which Intl does not), "1 December 2026".
 * @param {string} iso yyyy-mm-dd
 * @returns {string}
 */
export function formatDate(iso) {
  if (!iso) return "";
  const [y, mo, d] = iso.split("-").map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  const parts = new Intl.DateTimeFormat(lang() === "en" ? "en-GB" : "fr-FR", {
    day: "numeric", month: "long", year: "numeric", timeZone: "UTC",
  }).formatToParts(date);
  return parts.map((p) => (p.type === "day" && lang() === "fr" && d === 1 ? "1er" : p.value))
    .join("");
}

/** The tab's title in the page's language: each page's <title> is French, with its English
 * in `data-en` (a page that words its own title, like the game page, sets it after this). */
function showTitle() {
  const title = document.querySelector("title");
  if (!title || !title.dataset.en) return;
  if (!title.dataset.fr) title.dataset.fr = title.textContent;
  document.title = lang() === "en" ? title.dataset.en : title.dataset.fr;
}

/** Wires the language switch in the header and tells listeners when the language changes.
 * Every page calls it, so it also wires the theme switch beside it and titles the tab. */
export function setupLanguageSwitch(onChange) {
  setupThemeSwitch();
  showTitle();
  const button = document.getElementById("lang-switch");
  if (!button) return;
  button.addEventListener("click", () => {
    const next = lang() === "fr" ? "en" : "fr";
    document.documentElement.lang = next;
    writeText(LANG_KEY, next);
    showTitle();
    if (onChange) onChange(next);
  });
}
