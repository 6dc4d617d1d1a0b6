// @ts-check
/**
 * The game page's drawing of the game in hand: the board and its marks, the title, the side
 * panel (pieces, clock, whose turn), the daily's close banner and the move list. `render()`
 * draws it all from the server's last view, then lets the end screen and the tools follow.
 */
import "./freeplay-words.js";
import { formatCountdown, formatDate, formatDuration, lang, t } from "./i18n.js";
import { drawMoveList } from "./move-list.js";
import { parseFen } from "./fen.js";
import { movableSquares, pickMarks } from "./picker.js";
import {
  announce, board, clock, dailyClosed, page, playerToMove, setPieces, setVariant, state,
} from "./play-state.js";
import { handleFailure } from "./play-errors.js";
import { saveGame, savedGame } from "./store.js";
import { $, $as } from "./dom.js";

/** The daily's close is announced this long before it happens. */
const CLOSE_WARNING_MS = 60 * 60 * 1000;
let closedAnnounced = false;
/** What else follows each render (the end screen, the game tools), in order. */
const followers = [];

export function onRender(draw) {
  followers.push(draw);
}

/** The move to outline: the last one played, whoever played it (older servers only send the
 * computer's). */
function lastMove(g) {
  return g.lastMove !== undefined ? g.lastMove : g.lastComputerMove;
}

/** The player's own last move when the computer has replied since (lidraughts marks only the
 * last move; here the reply is marked as the last, the player's move more lightly): null in
 * a duo game and when the player's move is the last one. */
function ownMoveBefore(g) {
  const own = g.lastPlayerMove;
  const last = lastMove(g);
  if (!own || !last || g.mode === "duo" || own.hub === last.hub) return null;
  return own;
}

export function drawBanner() {
  const g = state.game;
  const banner = $("daily-banner");
  if (!g || g.mode !== "daily") {
    banner.hidden = true;
    return;
  }
  const closed = dailyClosed();
  const left = g.closesAt ? Date.parse(g.closesAt) - clock.serverTime() : Infinity;
  const soon = !closed && g.status === "playing" && left <= CLOSE_WARNING_MS;
  if (!closed && !soon) {
    banner.hidden = true;
    return;
  }
  let text;
  if (soon) text = t("closesSoon", { time: formatCountdown(left / 1000) });
  else if (g.aiChanged) text = t("computerChanged");
  else text = t(page.pastDate ? "replayUnranked" : "closedUnranked", { date: formatDate(g.date) });
  $("daily-banner-text").textContent = text;
  // The countdown ticks silently; screen readers hear the banner once, when it closes.
  if (closed && !closedAnnounced) {
    closedAnnounced = true;
    announce(text);
  }
  const link = $as("daily-banner-board", HTMLAnchorElement);
  link.href = `leaderboards.html?board=daily&date=${g.date}`;
  link.hidden = soon;
  banner.classList.toggle("soon", soon);
  banner.hidden = false;
}

export function drawMarks() {
  const g = state.game;
  const moves = playerToMove() ? g.legalMoves : [];
  const marks = pickMarks(moves, state.pick);
  board.setMarks({
    movable: state.pick.from === null ? movableSquares(moves) : new Set(),
    draggable: movableSquares(moves),
    selected: state.pick.from,
    finals: marks.finals,
    steps: marks.steps,
    taken: marks.taken,
    visited: marks.visited,
    // While the computer thinks, the player's move (already stored) stays marked.
    last: state.busy && !g.thinking ? null : lastMove(g),
    previous: state.busy ? null : ownMoveBefore(g),
  });
  board.setInteractive(playerToMove());
}

function drawMoves() {
  const g = state.game;
  const others = { white: "black", black: "white" };
  // The variant's first mover opens each line (Black in English checkers).
  const opener = state.variant && state.variant.name === (g.variant || "international")
    ? state.variant.firstToMove : "white";
  drawMoveList($("move-list"), g.moves, {
    firstMover: g.moves.length % 2 === 0 ? g.turn : others[g.turn], opener,
  });
}

function drawTitle() {
  const g = state.game;
  let title;
  if (g.mode === "daily") {
    title = t(page.pastDate ? "modeDailyPast" : "modeDaily", { date: formatDate(g.date) });
  } else {
    title = g.mode === "practice" ? t("modePractice") : t("modeFree");
  }
  // Another board than the daily's: its name, as the API gives it, in the title.
  const v = state.variant;
  if (v && v.name !== "international" && v.name === g.variant && v.displayName) {
    title = `${title} · ${v.displayName[lang()] || v.displayName.en}`;
  }
  $("title").textContent = title;
  document.title = `${title} — Dames du jour`;
  // Who plays what: the level and the colour chosen on the new-game screen (or the daily's).
  $("matchup").textContent = g.level
    ? t(`matchup:${g.playerColor}`, { level: t(`level:${g.level}`) }) : t("matchupDuo");
}

export function drawClock() {
  if (!state.game) return;
  $("clock").textContent = formatDuration(clock.shownMs() / 1000);
}

export function drawStatus() {
  const g = state.game;
  $("pieces-white").textContent = String(g.pieces.white);
  $("pieces-black").textContent = String(g.pieces.black);
  const waiting = state.busy || Boolean(g.thinking);
  $("thinking").hidden = !waiting || Boolean(state.pending && !$("error").hidden);
  $("thinking-text").textContent = t("thinking");
  let text = "";
  if (g.status !== "playing") text = t("finished");
  else if (!waiting) text = t("yourTurn");
  $("status-text").textContent = text;
  const resign = $("resign");
  resign.hidden = g.status !== "playing";
  if (!resign.dataset.confirm) resign.textContent = t("resign");
  drawClock();
  drawBanner();
}

/** Keeps the game's status next to its id so the home page can offer to resume it. */
function rememberStatus() {
  const saved = savedGame(page.storeKey);
  if (saved && saved.id === state.game.id && saved.status !== state.game.status) {
    saveGame(page.storeKey, { ...saved, status: state.game.status });
  }
}

/** The piece counters carry the sides' names the API gives for this variant, and the menu's
 * rules link leads to this variant's rules. */
function nameSides(variant) {
  const rules = $("nav-rules");
  if (rules && variant.rulesPage) rules.setAttribute("href", variant.rulesPage);
  for (const side of variant.sides || []) {
    const counter = $(`pieces-${side.color}`);
    const label = counter && counter.previousElementSibling;
    if (!label || !side.name) continue;
    for (const span of label.querySelectorAll("[lang]")) {
      if (!(span instanceof HTMLElement)) continue;
      if (side.name[span.lang]) span.textContent = side.name[span.lang];
    }
  }
}

/** The board of the game's variant, as the API describes it (cached by variants.js): drawn
 * at once when known, else as soon as the description arrives, with what was set meanwhile. */
function showVariant(g) {
  board.useVariant(g.variant || "international").then((variant) => {
    const known = state.variant === variant;
    setVariant(variant);
    nameSides(variant);
    if (!known && state.game) render();
  }, (err) => {
    if (state.game === g) handleFailure(err, render);
  });
}

/** Draws the whole page from the game in hand. */
export function render() {
  rememberStatus();
  showVariant(state.game);
  setPieces(parseFen(state.game.fen).pieces);
  board.setPosition(state.pieces);
  drawTitle();
  drawStatus();
  drawMarks();
  drawMoves();
  for (const follow of followers) follow();
}
