// @ts-check
/**
 * What the game page knows, shared by its modules: the page's address (which game it plays),
 * the game in hand as the server last described it, the server's clock, the board, and the
 * questions every part asks of them (is it the player's move, may this win still rank).
 * Nothing here draws or sends: the modules around it do, each its one job.
 */
import { BoardView } from "./board.js";
import { ServerClock } from "./clock.js";
import { emptyPick } from "./picker.js";
import { todayUtc } from "./streak.js";
import { $ } from "./dom.js";

const params = new URLSearchParams(location.search);
const askedMode = params.get("mode");
/** An old practice link (?practice=1&fen=&level=): a casual free game from a position. */
const practice = params.get("practice") === "1";
/** The modes a link may ask for (no mode: the daily). */
const MODES = ["daily", "free", "duo"];
/** @type {Api.GameView["mode"]} */
const mode = practice ? "practice"
  : askedMode === "free" || askedMode === "duo" ? askedMode : "daily";
const address = {
  mode,
  /** A mode the link asks for that the site does not have: said, never read as the daily. */
  unknownMode: !practice && askedMode !== null && !MODES.includes(askedMode) ? askedMode : null,
  practiceFen: params.get("fen"),
  practiceLevel: params.get("level"),
  /** A past day's challenge asked for by date (replayed unranked), or null for today's. */
  askedDate: null,
  pastDate: null,
  /** Where the browser keeps this page's game: a replayed day never replaces today's. */
  storeKey: "daily",
};
address.askedDate = address.mode === "daily" ? params.get("date") : null;
address.pastDate = address.askedDate && address.askedDate !== todayUtc() ? address.askedDate : null;
address.storeKey = address.pastDate ? "daily-past" : address.mode;
/** The page's address, read once: which game it plays (no module changes it). */
export const page = /** @type {Readonly<typeof address>} */ (address);

/**
 * @typedef {object} PlayState
 * @property {Api.GameView | null} game the game as the server last described it
 * @property {string | null} token the game's token
 * @property {Map<number, string>} pieces the position of `game`
 * @property {ReturnType<typeof emptyPick>} pick the player's move being picked
 * @property {boolean} busy a move is on its way or its reply is being shown
 * @property {{ply: number, move: string} | null} pending the move sent, until answered
 * @property {Map<number, string>} localPieces the position shown while a move is on its way
 * @property {any} claim the leaderboard's answer to this game's claim
 * @property {boolean} reviewing the review shows a past position: the board takes no move
 * @property {{text: () => string, retry: (() => void) | null, action: any} | null} error
 * @property {any} variant the API's description of the game's variant
 */

/** @type {PlayState} */
const current = {
  game: null,
  token: null,
  pieces: new Map(),
  pick: emptyPick(),
  busy: false,
  pending: null,
  localPieces: new Map(),
  claim: null,
  /** True while the review shows a past position: the board takes no move then. */
  reviewing: false,
  /** The error on screen, kept as functions so a language switch can say it again. */
  error: null,
  /** The API's description of the game's variant (GET /api/variants), once known. */
  variant: null,
};
/** What the game page knows: every module reads it; only the functions below change it, so
 * each change has a name and one place (the type checker refuses a write from elsewhere). */
export const state = /** @type {Readonly<PlayState>} */ (current);

/** @param {string | null} token the game now shown (``start``): nothing picked or pending */
export function openGame(token) {
  current.token = token;
  current.pick = emptyPick();
  current.busy = false;
  current.pending = null;
}

/** @param {ReturnType<typeof emptyPick>} [pick] the move being picked (none by default) */
export function setPick(pick = emptyPick()) {
  current.pick = pick;
}

/** @param {{ply: number, move: string}} pending the move on its way */
export function beginMove(pending) {
  current.pending = pending;
  current.busy = true;
  current.pick = emptyPick();
}

/** @param {Map<number, string>} pieces the position shown while the move is on its way */
export function showLocally(pieces) {
  current.localPieces = pieces;
}

/** The server has the move (its reply is being shown: still busy). */
export function moveReceived() {
  current.pending = null;
}

/** The computer thinks about a move the server already has (a reload, another tab): the
 * board takes no move until its reply is shown (``endMove``). */
export function awaitReply() {
  current.pending = null;
  current.busy = true;
}

/** The move is over: refused, or its reply shown. */
export function endMove() {
  current.pending = null;
  current.busy = false;
}

/** @param {any} claim the leaderboard's answer to the claim (null: none yet) */
export function setClaim(claim) {
  current.claim = claim;
}

/** @param {PlayState["error"]} error the error on screen (null: none) */
export function setError(error) {
  current.error = error;
}

/** @param {any} variant the API's description of the game's variant */
export function setVariant(variant) {
  current.variant = variant;
}

/** @param {Map<number, string>} pieces the position of the game in hand */
export function setPieces(pieces) {
  current.pieces = pieces;
}

/** @param {boolean} on the review shows a past position */
export function setReviewing(on) {
  current.reviewing = on;
}

export const clock = new ServerClock();

/** What the board reports, answered by move-input.js (set once it loads). */
/** @type {{touch: (sq: number, dragged: boolean) => void, drop: (from: number, to: number) => void,
 *   dragStart: (from: number) => void, cancel: () => void}} */
const boardInput = {
  touch: () => {}, drop: () => {}, dragStart: () => {}, cancel: () => {},
};
export const board = new BoardView($("board"), {
  onSquare: (sq) => boardInput.touch(sq, false),
  onDrop: (from, to) => boardInput.drop(from, to),
  onDragStart: (from) => boardInput.dragStart(from),
  onCancel: () => boardInput.cancel(),
});

export function answerBoard(handlers) {
  Object.assign(boardInput, handlers);
}

export function playerToMove() {
  const g = state.game;
  return Boolean(g && g.status === "playing" && (g.turn === g.playerColor || g.mode === "duo")
    && !state.busy && !state.reviewing);
}

/** True when this daily game no longer counts for its leaderboard: the server said so, or its
 * day's close has passed since. */
export function dailyClosed() {
  const g = state.game;
  if (!g || g.mode !== "daily") return false;
  if (g.ranked === false) return true;
  return Boolean(g.closesAt) && clock.serverTime() >= Date.parse(g.closesAt);
}

/** True while a win of this game can still enter a leaderboard (the server's `ranked`, and
 * for a daily game its close not passed since). */
export function rankable() {
  const g = state.game;
  return Boolean(g) && g.mode !== "practice" && g.ranked !== false && !dailyClosed();
}

/** Takes a new GameView from the server as the page's truth. */
export function adopt(game) {
  current.game = game;
  clock.set(game.clock);
}

const ANNOUNCEMENTS_KEPT = 3;

/** Adds a line to the live region: screen readers read each addition, so the player's move
 * and the computer's quick reply are both spoken, and a repeated move is spoken again. */
export function announce(text) {
  const region = $("announce");
  const line = document.createElement("span");
  line.textContent = `${text}. `;
  region.append(line);
  while (region.childElementCount > ANNOUNCEMENTS_KEPT) region.firstElementChild.remove();
}

/** The line under the board that answers the player's last touch. */
export function hint(text) {
  $("hint").textContent = text;
}
