// @ts-check
/**
 * Fair play in the reader's language: a held claim's reasons arrive as data, a code and its
 * figures (docs/fair-play.md, "Reasons as data"), and are worded here, French first. The server has
 * already rounded each figure away from the bar it is quoted against, so "0.24; people: above
 * 0.25" can never read "0.25; people: above 0.25" (issue 32, bug 4); a code this page does
 * not know is shown in the server's English words.
 */
import { addWords, lang, t } from "./i18n.js";

addWords({
  fr: {
    "why:score": "Score de fair-play {score} (retenue à partir de {bar}) : les signaux ci-dessous s'additionnent.",
    "why:judge-agreement": "{share} des coups à choix ({matched} sur {moves}) étaient le premier choix du moteur fort ; chez les joueurs : environ {people}.",
    "why:reference-agreement": "{share} des coups à choix ({matched} sur {moves}) étaient le premier choix du niveau {level} ; chez les joueurs : environ {people}.",
    "why:accuracy": "Précision de {accuracy} sur {moves} coups à choix ; chez les joueurs : environ {people}.",
    "why:masterly-top-ten": "Précision de {accuracy} sur {moves} coups à choix, celle d'un maître (à partir de {bar}), dans les {top} premiers du classement : un modérateur regarde une telle partie avant de la publier, car un moteur joué au rythme d'un joueur lui ressemble.",
    "why:fast-answers": "{share} des coups à choix joués moins de {seconds} s après la réponse de l'ordinateur ({floorShare} au plancher de l'horloge).",
    "why:flat-times:all": "Temps de réflexion d'une régularité de machine sur la partie (variation {cv} ; chez les joueurs : plus de {bar}).",
    "why:flat-times:15": "Temps de réflexion d'une régularité de machine sur 15 coups de suite (variation {cv} ; chez les joueurs : plus de {bar}).",
    "why:hidden-page": "{share} des coups joués après que la page a été masquée ({paused} masquée pour {played} de jeu).",
    "why:near-copy": "{share} des coups ({common} sur {moves}) joués dans la même position, avec la même réponse, qu'une autre inscription de ce classement.",
    "why:analysis-failed": "L'analyse de fair-play a échoué ({attempts} essais) : un modérateur examinera la partie.",
    "why:banned": "Les inscriptions de ce joueur ont été retirées par un modérateur.",
    "why:moderator": "Retenue par un modérateur.",
    "why:released": "Publiée par un modérateur.",
    pendingLine: "Votre partie à {score} points est en cours d'analyse (fair-play) : rang {rank} si elle est publiée.",
    claimPending: "Rang {rank} au classement ({board}) une fois publiée par l'analyse de fair-play — meilleur score : {best}.",
    claimChecking: "Analyse de fair-play en cours…",
    claimSlow: "L'analyse prend du temps : le classement dira le résultat.",
    report: "Signaler",
    reportLabel: "Signaler l'inscription de {name} à un modérateur",
    reportAsk: "Pourquoi signaler l'inscription de {name} ?",
    "reportKind:engine": "Coups d'un moteur",
    "reportKind:copy": "Copie de la partie d'un autre",
    "reportKind:other": "Autre raison",
    reportSend: "Envoyer le signalement",
    reportCancel: "Annuler",
    reportDone: "Signalement reçu : un modérateur regardera cette inscription.",
    reportNeedsName: "Pour signaler, jouez d'abord une partie classée avec un pseudonyme.",
    "reportRefused:already-reported": "Vous avez déjà signalé cette inscription.",
    "reportRefused:own-entry": "Vous ne pouvez pas signaler votre propre inscription.",
    "reportRefused:rate-limited": "Trop de signalements aujourd'hui : réessayez demain.",
    "reportRefused:no-such-entry": "Cette inscription n'est plus au classement.",
    reportFailed: "Le signalement n'a pas pu être envoyé : réessayez.",
  },
  en: {
    "why:score": "Fair-play score {score} (held from {bar}): the signals below add up.",
    "why:judge-agreement": "{share} of the moves with a choice ({matched} of {moves}) were the strong engine's first choice; people: about {people}.",
    "why:reference-agreement": "{share} of the moves with a choice ({matched} of {moves}) were level {level}'s first choice; people: about {people}.",
    "why:accuracy": "An accuracy of {accuracy} over {moves} moves with a choice; people: about {people}.",
    "why:masterly-top-ten": "An accuracy of {accuracy} over {moves} moves with a choice, a master's (from {bar}), in the board's top {top}: a moderator looks at such a game before it is public, as an engine played at a person's pace looks the same.",
    "why:fast-answers": "{share} of the moves with a choice were answered within {seconds} s of the computer's reply ({floorShare} at the clock's floor).",
    "why:flat-times:all": "Move times were machine-regular over the game (variation {cv}; people: above {bar}).",
    "why:flat-times:15": "Move times were machine-regular over 15 moves in a row (variation {cv}; people: above {bar}).",
    "why:hidden-page": "{share} of the moves were played after the page was hidden ({paused} hidden against {played} of play).",
    "why:near-copy": "{share} of the moves ({common} of {moves}) were played in the same position, with the same reply, as in another entry on this board.",
    "why:analysis-failed": "The fair-play analysis failed ({attempts} attempts): a moderator will look at this game.",
    "why:banned": "The player's entries were withdrawn by a moderator.",
    "why:moderator": "Held by a moderator.",
    "why:released": "Released by a moderator.",
    pendingLine: "Your {score}-point game is being analysed (fair play): rank {rank} if it is published.",
    claimPending: "Rank {rank} on the leaderboard ({board}) once the fair-play analysis publishes it — best score: {best}.",
    claimChecking: "Fair-play analysis under way…",
    claimSlow: "The analysis is taking a while: the leaderboard will tell.",
    report: "Report",
    reportLabel: "Report {name}'s entry to a moderator",
    reportAsk: "Why report {name}'s entry?",
    "reportKind:engine": "An engine's moves",
    "reportKind:copy": "A copy of someone else's game",
    "reportKind:other": "Another reason",
    reportSend: "Send the report",
    reportCancel: "Cancel",
    reportDone: "Report received: a moderator will look at this entry.",
    reportNeedsName: "To report, first play a ranked game under a pseudonym.",
    "reportRefused:already-reported": "You have already reported this entry.",
    "reportRefused:own-entry": "You cannot report your own entry.",
    "reportRefused:rate-limited": "Too many reports today: try again tomorrow.",
    "reportRefused:no-such-entry": "This entry is no longer on the leaderboard.",
    reportFailed: "The report could not be sent: try again.",
  },
});

function locale() {
  return lang() === "en" ? "en-GB" : "fr-FR";
}

/** A 0–1 share as a whole percentage ("56 %" in French, "56%" in English). */
function percent(share) {
  return new Intl.NumberFormat(locale(), { style: "percent", maximumFractionDigits: 0 })
    .format(Number(share));
}

/** A figure with exactly ``digits`` decimals, in the language's way (0,24 / 0.24). */
function decimal(value, digits) {
  return new Intl.NumberFormat(locale(), {
    minimumFractionDigits: digits, maximumFractionDigits: digits,
  }).format(Number(value));
}

function seconds(value) {
  return `${Math.max(0, Math.round(Number(value)))} s`;
}

/** Each code's figures, formatted for its sentence. */
const SHAPES = {
  score: (f) => ({ score: decimal(f.score, 2), bar: decimal(f.bar, 2) }),
  "judge-agreement": (f) => ({ ...f, share: percent(f.share), people: percent(f.people) }),
  "reference-agreement": (f) => ({ ...f, share: percent(f.share), people: percent(f.people) }),
  accuracy: (f) => ({
    ...f, accuracy: `${decimal(f.accuracy, 1)} %`, people: `${decimal(f.people, 1)} %`,
  }),
  "masterly-top-ten": (f) => ({
    ...f, accuracy: `${decimal(f.accuracy, 1)} %`, bar: `${decimal(f.bar, 1)} %`,
  }),
  "fast-answers": (f) => ({
    share: percent(f.share), seconds: decimal(f.seconds, 0), floorShare: percent(f.floorShare),
  }),
  "flat-times": (f) => ({ cv: decimal(f.cv, 2), bar: decimal(f.bar, 2) }),
  "hidden-page": (f) => ({
    share: percent(f.share), paused: seconds(f.pausedSeconds), played: seconds(f.playSeconds),
  }),
  "near-copy": (f) => ({ ...f, share: percent(f.share) }),
  "analysis-failed": (f) => f,
  banned: () => ({}),
  moderator: () => ({}),
  released: () => ({}),
};

/** One reason ({code, figures, text}) in the reader's language. */
export function reasonWords(reason) {
  if (!reason || typeof reason !== "object") return String(reason ?? "");
  const shape = SHAPES[reason.code];
  if (!shape) return reason.text || "";
  const figures = reason.figures || {};
  const key = reason.code === "flat-times"
    ? `why:flat-times:${figures.over === "15" ? "15" : "all"}` : `why:${reason.code}`;
  return t(key, shape(figures));
}

/** Every reason of a claim, in order, as one paragraph. */
export function reasonsWords(reasons) {
  return (reasons || []).map(reasonWords).filter(Boolean).join(" ");
}
