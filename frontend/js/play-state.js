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

export const $ = (id) => document.getElementById(id);

const params = new URLSearchParams(location.search);
const askedMode = params.get("mode");
/** An old practice link (?practice=1&fen=&level=): a casual free game from a position. */
const practice = params.get("practice") === "1";
/** The modes a link may ask for (no mode: the daily). */
const MODES = ["daily", "free", "duo"];
export const page = {
  mode: practice ? "practice" : ["free", "duo"].includes(askedMode) ? askedMode : "daily",
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
page.askedDate = page.mode === "daily" ? params.get("date") : null;
page.pastDate = page.askedDate && page.askedDate !== todayUtc() ? page.askedDate : null;
page.storeKey = page.pastDate ? "daily-past" : page.mode;

export const state = {
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

export const clock = new ServerClock();

/** What the board reports, answered by move-input.js (set once it loads). */
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
  state.game = game;
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
