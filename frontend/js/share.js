// @ts-check
/**
 * The spoiler-free summary of a finished game, in the style of daily word games: the day, the
 * result, the score, how many moves and how long, and one square per move of the player
 * coloured by what the computer's answer cost. Never a move itself: whoever reads it can
 * still play the same challenge.
 */
import { formatDate, formatDuration, formatNumber, lang, t } from "./i18n.js";

const OTHER = { white: "black", black: "white" };
export const SQUARE_SAFE = "\u{1F7E9}"; // green: the answer took nothing
export const SQUARE_TRADE = "\u{1F7E8}"; // yellow: lost pieces, but took as many
export const SQUARE_LOSS = "\u{1F7E5}"; // red: lost more than it took
const PER_LINE = 10;

/** Pieces taken by each ply, in order: the server's `captured` when it sends it, else counted
 * from the notation (one "x" per piece in a full capture path). */
function capturedPerPly(g) {
  if (Array.isArray(g.captured) && g.captured.length === g.moves.length) return g.captured;
  return g.moves.map((m) => (m.match(/x/g) || []).length);
}

/** One square per move of the player: did the computer's answer take material, and was it
 * an even trade? */
export function moveSquares(g) {
  const n = g.moves.length;
  const first = n % 2 === 0 ? g.turn : OTHER[g.turn];
  const captured = capturedPerPly(g);
  const squares = [];
  for (let i = 0; i < n; i += 1) {
    const mover = i % 2 === 0 ? first : OTHER[first];
    if (mover !== g.playerColor) continue;
    const took = captured[i] || 0;
    const lost = i + 1 < n ? captured[i + 1] || 0 : 0;
    squares.push(lost === 0 ? SQUARE_SAFE : took >= lost ? SQUARE_TRADE : SQUARE_LOSS);
  }
  return squares;
}

function movesWord(n) {
  const one = lang() === "fr" ? n < 2 : n === 1;
  return t(one ? "shareMove" : "shareMoves", { n });
}

/** The whole text, ready for the clipboard or the share sheet. */
export function shareText(g, origin) {
  let head;
  if (g.mode === "daily") {
    head = t(g.ranked === false ? "shareDailyUnranked" : "shareDaily", { date: formatDate(g.date) });
  } else {
    // A free game has no challenge date: the day it was started (UTC) says when it was played.
    head = t("shareFree", { date: formatDate(g.createdAt.slice(0, 10)) });
  }
  const time = formatDuration((g.clock ? g.clock.elapsedMs : 0) / 1000);
  const squares = moveSquares(g);
  const moves = movesWord(squares.length);
  const body = g.status === "won" && g.score
    ? t("shareWon", {
      score: formatNumber(g.score.total), pieces: g.score.pieces, moves, time,
    })
    : t("shareOther", { result: t(g.status), moves, time });
  const grid = [];
  for (let i = 0; i < squares.length; i += PER_LINE) {
    grid.push(squares.slice(i, i + PER_LINE).join(""));
  }
  return [head, body, ...grid, `${origin}/`].join("\n");
}

/** Shares `text` with the share sheet on a touch device that has one (a phone), else copies
 * it: resolves with "shared", "copied", "cancelled" or "failed" (then show the text). */
export async function shareOrCopy(text) {
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  if (coarse && typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (err) {
      if (err && err.name === "AbortError") return "cancelled";
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}
