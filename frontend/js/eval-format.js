// @ts-check
/**
 * How the engine's evaluation is written, the way lidraughts shows it: in men from White's
 * side with one decimal (+1.2 means White is a man and a fifth ahead), or who wins in how many
 * moves when the engine sees the end.
 */
import "./analysis-words.js";
import { lang, t } from "./i18n.js";

/** `centi`: centi-men from White's side (100 = one man); `mate`: plies to a forced win,
 * positive when White wins, or null. */
export function formatEval(centi, mate = null) {
  if (mate !== null && mate !== undefined) {
    const n = Math.max(1, Math.ceil(Math.abs(mate) / 2));
    return t(mate > 0 ? "evalMateWhite" : "evalMateBlack", { n });
  }
  return new Intl.NumberFormat(lang() === "en" ? "en-GB" : "fr-FR", {
    minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero",
  }).format(centi / 100);
}
