// @ts-check
/**
 * How the engine's evaluation is written, the way lidraughts shows it: in men from White's
 * side with one decimal (+1.2 means White is a man and a fifth ahead), or who wins in how many
 * moves when the engine sees the end.
 */
import "./analysis-words.js";
import { lang, t, tn } from "./i18n.js";

/**
 * Who wins a decisive evaluation. The evaluation's sign says it (it is then the cap, ± 20
 * men, from White's side), never the mate distance's: a distance of 0 (the game ended with
 * the move) has no sign.
 * @param {number} centi centi-men from White's side
 * @param {number|null|undefined} mate plies to the end, or null when not decisive
 * @returns {"white"|"black"|null}
 */
export function decisiveWinner(centi, mate) {
  if (mate === null || mate === undefined) return null;
  if (centi !== 0) return centi > 0 ? "white" : "black";
  return mate > 0 ? "white" : "black";
}

/**
 * @param {number} centi centi-men from White's side (100 = one man)
 * @param {number|null} [mate] plies to a forced win (0: won with this move), or null
 * @returns {string}
 */
export function formatEval(centi, mate = null) {
  const winner = decisiveWinner(centi, mate);
  if (winner) {
    if (mate === 0) return t(winner === "white" ? "evalWonWhite" : "evalWonBlack");
    const n = Math.ceil(Math.abs(mate) / 2);
    return tn(winner === "white" ? "evalMateWhite" : "evalMateBlack", n);
  }
  return new Intl.NumberFormat(lang() === "en" ? "en-GB" : "fr-FR", {
    minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero",
  }).format(centi / 100);
}
