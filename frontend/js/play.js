/**
 * The game page: loads or resumes a game, lets the player pick among the API's legal moves,
 * shows the computer's reply and the server's clock, tells the server when the page is hidden,
 * and ends with the score, the leaderboard claim, the streak and the share button.
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { ServerClock, VisibleClock } from "./clock.js";
import { applyMove, parseFen } from "./fen.js";
import {
  formatDate, formatDuration, formatNumber, lang, setupLanguageSwitch, t,
} from "./i18n.js";
import { emptyPick, movableSquares, pickMarks, touch } from "./picker.js";
import { shareText } from "./share.js";
import { playMoveSound, setSoundOn, soundOn } from "./sound.js";
import {
  forgetGame, saveGame, savePlayer, savedGame, savedPlayer, setShowNumbers, showNumbers,
} from "./store.js";
import { loadStreak, recordDailyWin, streakText, todayUtc } from "./streak.js";
import { setupGameTools } from "./game-tools.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const practice = params.get("practice") === "1";
const askedMode = params.get("mode");
const mode = practice ? "practice" : ["free", "duo"].includes(askedMode) ? askedMode : "daily";
const practiceFen = params.get("fen");
const practiceLevel = params.get("level");
/** A past day's challenge asked for by date (replayed unranked), or null for today's. */
const askedDate = mode === "daily" ? params.get("date") : null;
const pastDate = askedDate && askedDate !== todayUtc() ? askedDate : null;
/** Where the browser keeps this page's game: a replayed day never replaces today's. */
const storeKey = pastDate ? "daily-past" : mode;
const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
/** The daily's close is announced this long before it happens. */
const CLOSE_WARNING_MS = 60 * 60 * 1000;

const state = {
  game: null,
  token: null,
  pieces: new Map(),
  pick: emptyPick(),
  busy: false,
  pending: null,
  localPieces: new Map(),
  claim: null,
  clockRequest: 0,
  /** The last visibility announcement in flight: a move waits for it, so the server never
   * sees the move before the "visible again" that preceded it (which would void the pause). */
  clockSent: Promise.resolve(),
  closedAnnounced: false,
  /** The error on screen, kept as functions so a language switch can say it again. */
  error: null,
  nextDailyAt: null,
  nextDailyAsked: false,
  streak: null,
  /** The API's description of the game's variant (GET /api/variants), once known. */
  variant: null,
};

const clock = new ServerClock();
const visibleClock = new VisibleClock();
const board = new BoardView($("board"), {
  onSquare: (sq) => onTouch(sq, false),
  onDrop: (from, to) => onDrop(from, to),
  onDragStart: (from) => onDragStart(from),
  onCancel: () => cancelPick(),
});
/** Help, two players, review, PDN and statistics (game-tools.js). */
const tools = setupGameTools({
  board,
  game: () => state.game,
  token: () => state.token,
  idle: () => !state.busy && !state.pending,
  start: (game) => start(game, state.token),
  redraw: () => render(),
  failed: (err, retry) => handleFailure(err, retry),
});

const ANNOUNCEMENTS_KEPT = 3;

/** Adds a line to the live region: screen readers read each addition, so the player's move
 * and the computer's quick reply are both spoken, and a repeated move is spoken again. */
function announce(text) {
  const region = $("announce");
  const line = document.createElement("span");
  line.textContent = `${text}. `;
  region.append(line);
  while (region.childElementCount > ANNOUNCEMENTS_KEPT) region.firstElementChild.remove();
}

function hint(text) {
  $("hint").textContent = text;
}

function playerToMove() {
  const g = state.game;
  return Boolean(g && g.status === "playing" && (g.turn === g.playerColor || g.mode === "duo")
    && !state.busy && !tools.reviewing());
}

/** The move to outline: the last one played, whoever played it (older servers only send the
 * computer's). */
function lastMove(g) {
  return g.lastMove !== undefined ? g.lastMove : g.lastComputerMove;
}

/* ---------- the daily close ---------- */

/** True while a win of this game can still enter a leaderboard (the server's `ranked`, and
 * for a daily game its close not passed since). */
function rankable() {
  const g = state.game;
  return Boolean(g) && g.mode !== "practice" && g.ranked !== false && !dailyClosed();
}

/** True when this daily game no longer counts for its leaderboard: the server said so, or its
 * day's close has passed since. */
function dailyClosed() {
  const g = state.game;
  if (!g || g.mode !== "daily") return false;
  if (g.ranked === false) return true;
  return Boolean(g.closesAt) && clock.serverTime() >= Date.parse(g.closesAt);
}

function drawBanner() {
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
  if (soon) text = t("closesSoon", { time: formatDuration(left / 1000) });
  else if (g.aiChanged) text = t("computerChanged");
  else text = t(pastDate ? "replayUnranked" : "closedUnranked", { date: formatDate(g.date) });
  $("daily-banner-text").textContent = text;
  // The countdown ticks silently; screen readers hear the banner once, when it closes.
  if (closed && !state.closedAnnounced) {
    state.closedAnnounced = true;
    announce(text);
  }
  const link = $("daily-banner-board");
  link.href = `leaderboards.html?board=daily&date=${g.date}`;
  link.hidden = soon;
  banner.classList.toggle("soon", soon);
  banner.hidden = false;
}

/* ---------- drawing ---------- */

function drawMarks() {
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
    last: state.busy ? null : lastMove(g),
  });
  board.setInteractive(playerToMove());
}

/** A move's text with a break opportunity after each square, so a long capture
 * (30x39x28x37x46) wraps inside its own box instead of running into the next move. */
function moveItem(text) {
  const span = document.createElement("span");
  span.className = "mv";
  const parts = text.split(/(?<=[-x])/);
  parts.forEach((part, i) => {
    span.append(part);
    if (i < parts.length - 1) span.append(document.createElement("wbr"));
  });
  return span;
}

function drawMoveList() {
  const g = state.game;
  const list = $("move-list");
  list.textContent = "";
  const others = { white: "black", black: "white" };
  const firstMover = g.moves.length % 2 === 0 ? g.turn : others[g.turn];
  // Each line starts with the variant's first mover (Black in English checkers); a game
  // from a position where the other side moved first leaves that first place empty.
  const opener = state.variant && state.variant.name === (g.variant || "international")
    ? state.variant.firstToMove : "white";
  const moves = firstMover !== opener && g.moves.length ? ["…", ...g.moves] : g.moves;
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement("li");
    li.append(moveItem(moves[i]));
    if (moves[i + 1]) li.append(" ", moveItem(moves[i + 1]));
    list.append(li);
  }
  // Keep the latest move in view inside the list without scrolling the page itself.
  list.scrollTop = list.scrollHeight;
}

function drawTitle() {
  const g = state.game;
  let title;
  if (g.mode === "daily") {
    title = t(pastDate ? "modeDailyPast" : "modeDaily", { date: formatDate(g.date) });
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
}

function resultText(g) {
  return t(g.status === "resigned" ? "resigned" : g.status);
}

function reasonText(g) {
  if (!g.reason) return "";
  if (g.reason === "no-moves") {
    return t(`reason:no-moves:${g.status === "won" ? "won" : "lost"}`);
  }
  const key = `reason:${g.reason}`;
  const text = t(key);
  return text === key ? g.reason : text;
}

function drawStatus() {
  const g = state.game;
  $("pieces-white").textContent = String(g.pieces.white);
  $("pieces-black").textContent = String(g.pieces.black);
  $("thinking").hidden = !state.busy || Boolean(state.pending && !$("error").hidden);
  $("thinking-text").textContent = t("thinking");
  let text = "";
  if (g.status !== "playing") text = t("finished");
  else if (!state.busy) text = t("yourTurn");
  $("status-text").textContent = text;
  const resign = $("resign");
  resign.hidden = g.status !== "playing";
  if (!resign.dataset.confirm) resign.textContent = t("resign");
  drawClock();
  drawBanner();
}

function drawClock() {
  if (!state.game) return;
  $("clock").textContent = formatDuration(clock.shownMs() / 1000);
}

function drawCountdown() {
  const el = $("next-daily");
  if (el.hidden || state.nextDailyAt === null) return;
  const left = (state.nextDailyAt - Date.now()) / 1000;
  const text = $("next-daily-text");
  text.textContent = left > 0 ? t("countdown", { time: formatDuration(left) }) : t("newDaily");
  $("next-daily-play").hidden = left > 0;
}

/** Fetches when the next challenge opens, once per page (the end screen counts down to it). */
async function askNextDaily() {
  if (state.nextDailyAsked) return;
  state.nextDailyAsked = true;
  try {
    const info = await api.daily();
    state.nextDailyAt = Date.now() + info.secondsUntilNext * 1000;
  } catch {
    const now = new Date();
    state.nextDailyAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  }
  drawCountdown();
}

function drawPauses(g) {
  const el = $("pauses");
  const c = g.clock || {};
  if (g.status !== "won" || typeof c.pauses !== "number") {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.textContent = c.pauses === 0 ? t("noPause")
    : t(c.pauses === 1 ? "pauseOne" : "pauseMany", { n: c.pauses, time: pausedTime(c.pausedMs) });
}

/** Short pauses in tenths of a second, cut not rounded like the score's seconds (0,6 s),
 * long ones as a clock (02:15). */
function pausedTime(ms = 0) {
  if (ms >= 60_000) return formatDuration(ms / 1000);
  const tenths = Math.floor(ms / 100);
  return `${Math.floor(tenths / 10)}${lang() === "fr" ? "," : "."}${tenths % 10} s`;
}

function drawStreak() {
  const g = state.game;
  const el = $("streak");
  if (g.mode !== "daily" || g.status === "playing" || !state.streak) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.textContent = streakText(state.streak);
}

async function refreshStreak() {
  state.streak = await loadStreak();
  if (state.game) drawStreak();
}

function drawEnd() {
  const g = state.game;
  const end = $("end");
  if (g.status === "playing") {
    end.hidden = true;
    return;
  }
  end.hidden = false;
  $("end-title").textContent = resultText(g);
  $("end-reason").textContent = reasonText(g);
  const score = $("score");
  if (g.status === "won" && g.score) {
    score.hidden = false;
    const total = document.createElement("strong");
    total.className = "total";
    total.textContent = t("points", { total: formatNumber(g.score.total) });
    const formula = document.createElement("span");
    formula.className = "formula";
    formula.textContent = t("scoreLine", {
      base: formatNumber(g.score.base),
      perPiece: formatNumber(g.score.perPiece),
      pieces: g.score.pieces,
      seconds: formatNumber(g.score.seconds),
    });
    score.replaceChildren(total, formula);
  } else {
    score.hidden = true;
  }
  drawPauses(g);
  drawStreak();
  const listed = g.mode !== "practice";
  $("share").hidden = !listed;
  $("new-game").hidden = g.mode === "daily";
  const again = $("play-again");
  again.hidden = g.mode !== "daily";
  const sameDay = Boolean(pastDate) || g.date === todayUtc();
  again.textContent = t(sameDay ? "playAgain" : "playToday");
  // Only a day still open has a leaderboard that a better score can still change.
  $("play-again-note").hidden = g.mode !== "daily" || !sameDay || dailyClosed();
  $("play-again-note").textContent = t("playAgainNote");
  $("to-board").hidden = !listed;
  $("to-board").href = g.mode === "daily" ? `leaderboards.html?board=daily&date=${g.date}`
    : "leaderboards.html?board=free";
  $("next-daily").hidden = false;
  askNextDaily();
  drawCountdown();
  drawClaim();
}

/** A claim's answer: its rank, flagged provisional until its fair-play analysis ends, or
 * "under review" with the reasons when it is held. */
function claimLine(claim) {
  if (claim.status === "held") {
    return t("underReview", { score: formatNumber(claim.score), why: claim.reasons.join(" ") });
  }
  const line = t("rank", {
    rank: claim.rank,
    board: t(claim.board === "daily" ? "boardDaily" : "boardFree"),
    best: formatNumber(claim.best),
  });
  return claim.status === "provisional" ? `${line} ${t("provisionalNote")}` : line;
}

function drawClaim() {
  const g = state.game;
  const won = g.status === "won" && g.mode !== "practice" && g.score;
  const form = $("pseudo-form");
  const rank = $("rank");
  if (!won) {
    form.hidden = true;
    rank.hidden = true;
    return;
  }
  if (state.claim) {
    form.hidden = true;
    rank.hidden = false;
    rank.textContent = state.claim.message || claimLine(state.claim);
    return;
  }
  if (g.claimed) {
    form.hidden = true;
    rank.hidden = false;
    rank.textContent = t("alreadyClaimed");
    return;
  }
  if (!rankable()) {
    form.hidden = true;
    rank.hidden = false;
    rank.textContent = t(g.mode !== "daily" ? "casualGame"
      : pastDate ? "replayNotRanked" : "dailyClosedClaim");
    return;
  }
  form.hidden = Boolean(savedPlayer());
  rank.hidden = true;
}

/** Keeps the game's status next to its id so the home page can offer to resume it. */
function rememberStatus() {
  const saved = savedGame(storeKey);
  if (saved && saved.id === state.game.id && saved.status !== state.game.status) {
    saveGame(storeKey, { ...saved, status: state.game.status });
  }
}

/** The board of the game's variant, as the API describes it (cached by variants.js): drawn
 * at once when known, else as soon as the description arrives, with what was set meanwhile. */
function showVariant(g) {
  board.useVariant(g.variant || "international").then((variant) => {
    const known = state.variant === variant;
    state.variant = variant;
    nameSides(variant);
    if (!known && state.game) render();
  }, (err) => {
    if (state.game === g) handleFailure(err, render);
  });
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
      if (side.name[span.lang]) span.textContent = side.name[span.lang];
    }
  }
}

function render() {
  rememberStatus();
  showVariant(state.game);
  state.pieces = parseFen(state.game.fen).pieces;
  board.setPosition(state.pieces);
  drawTitle();
  drawStatus();
  drawMarks();
  drawMoveList();
  drawEnd();
  tools.drawn();
}

/* ---------- errors ---------- */

/**
 * Shows what went wrong. `retry` is given only when trying again can succeed (a network
 * failure or a server fault); otherwise the box says what is wrong and offers the way home,
 * plus `action` (e.g. a new game) when there is a sensible one.
 */
function showError(text, retry, action = null) {
  state.error = { text, retry, action };
  $("error-text").textContent = text();
  $("error").hidden = false;
  $("thinking").hidden = true;
  const button = $("retry");
  const next = retry || (action && action.run);
  button.hidden = !next;
  button.textContent = retry ? t("retry") : action ? action.label() : "";
  button.onclick = () => {
    $("error").hidden = true;
    next();
  };
  $("error-home").hidden = Boolean(retry);
  // No game and nothing to retry: the clock, counts and move list would describe nothing.
  document.body.classList.toggle("failed", !state.game && !retry);
  if (!state.game) {
    $("status-text").textContent = retry ? "" : t("cannotStart");
    board.setInteractive(false);
  }
}

function hideError() {
  $("error").hidden = true;
  state.error = null;
}

/** Why a game could not be created from this link, in the page's language. */
function createErrorText(err) {
  const known = {
    "unknown-level": t("badLevel", { level: practiceLevel || "" }),
    "bad-fen": t("badFen"),
    "game-over-position": t("overFen"),
    "unknown-variant": t("badVariant"),
    "invalid-date": t("badDate"),
    "daily-not-closed": t("dayNotClosed", { date: formatDate(askedDate) }),
    "daily-not-started": t("dayNotStarted", { date: formatDate(askedDate) }),
    "no-challenge": t("noChallenge", { date: formatDate(askedDate) }),
  };
  // A field the request validation refused: its message starts with the field's name.
  const field = err.code === "invalid-request" ? /^(\w+):/.exec(err.message || "") : null;
  const byField = { level: "unknown-level", variant: "unknown-variant", date: "invalid-date" };
  const code = field && byField[field[1]] ? byField[field[1]] : err.code;
  return known[code] || t("cannotStartWhy", { why: err.message });
}

/** Decides what a failed request means for the game on screen. */
function handleFailure(err, retry) {
  if (!(err instanceof ApiError) || err.retryable) {
    showError(() => t("requestFailed"), retry);
    return;
  }
  if (err.status === 404 || err.status === 410 || err.status === 401 || err.status === 403) {
    forgetGame(storeKey);
    showError(() => t(err.status === 410 ? "expired" : "notFound"), null,
      { label: () => t("newGameLabel"), run: () => location.reload() });
    return;
  }
  const why = err.message || err.code || String(err.status);
  showError(() => t(state.game ? "requestRefused" : "cannotStartWhy", { why }), null);
}

/* ---------- the server's clock ---------- */

/** Tells the server the page was hidden or shown again (only during the player's turn, the
 * only time its clock runs). The answer replaces the clock shown; an older answer arriving
 * after a newer request is ignored. */
function sendVisibility(paused) {
  const g = state.game;
  if (!g || g.status !== "playing" || state.pending || !state.token) return;
  state.clockRequest += 1;
  state.clockSent = announceVisibility(g.id, state.clockRequest, paused);
}

async function announceVisibility(id, request, paused) {
  try {
    const answer = await api.clock(id, state.token, paused);
    const view = answer && answer.clock ? answer.clock : answer;
    if (request === state.clockRequest && !state.pending && state.game && state.game.id === id
      && view && typeof view.elapsedMs === "number") {
      clock.set(view);
      drawClock();
    }
  } catch {
    /* the move that follows is timed by the server anyway; a lost pause is just not credited */
  }
}

/** After a view arrives, makes the server's paused state match the page's visibility (a
 * reload after hiding the tab finds its game paused; a tab opened in the background has to
 * say so). */
function syncPause() {
  const c = state.game && state.game.clock;
  if (!c || typeof c.paused !== "boolean" || state.game.status !== "playing") return;
  if (c.paused !== document.hidden) sendVisibility(document.hidden);
}

document.addEventListener("visibilitychange", () => {
  if (!state.game || state.game.status !== "playing" || state.pending) return;
  if (document.hidden) clock.freeze();
  else clock.thaw();
  sendVisibility(document.hidden);
});

/** Takes a new GameView from the server as the page's truth. */
function adopt(game) {
  state.game = game;
  clock.set(game.clock);
}

/* ---------- loading ---------- */

async function loadGame() {
  hideError();
  if (askedDate && !DATE_FORMAT.test(askedDate)) {
    showError(() => t("badDate"), null);
    return undefined;
  }
  const saved = savedGame(storeKey);
  let matches = Boolean(saved);
  if (saved && mode === "practice") matches = saved.fen === practiceFen && saved.level === practiceLevel;
  if (saved && pastDate) matches = saved.date === pastDate;
  if (matches) {
    try {
      const game = await api.getGame(saved.id, saved.token);
      const staleDaily = mode === "daily" && !pastDate && game.status !== "playing"
        && saved.date !== todayUtc();
      if (!staleDaily) {
        state.claim = saved.claim || null;
        return start(game, saved.token);
      }
    } catch (err) {
      if (err instanceof ApiError && err.retryable) {
        handleFailure(err, loadGame);
        return undefined;
      }
    }
    forgetGame(storeKey);
  }
  return createGame();
}

async function createGame() {
  hideError();
  // An old practice link (?practice=1&fen=&level=) now makes a free game (casual with a fen).
  const body = { mode: mode === "practice" ? "free" : mode };
  if (mode === "practice") {
    if (practiceFen) body.fen = practiceFen;
    if (practiceLevel) body.level = practiceLevel;
  }
  if (pastDate) body.date = pastDate;
  try {
    const created = await api.createGame(body);
    saveGame(storeKey, {
      id: created.game.id, token: created.token, date: created.game.date,
      fen: practiceFen, level: practiceLevel,
    });
    state.claim = null;
    return start(created.game, created.token);
  } catch (err) {
    if (err instanceof ApiError && !err.retryable) {
      showError(() => createErrorText(err), null);
    } else {
      handleFailure(err, createGame);
    }
    return undefined;
  }
}

function start(game, token) {
  document.body.classList.remove("failed");
  adopt(game);
  state.token = token;
  state.pick = emptyPick();
  state.busy = false;
  state.pending = null;
  render();
  if (playerToMove()) visibleClock.startTurn();
  else visibleClock.stopTurn();
  syncPause();
  afterEnd(game);
}

/** What a finished game sets off once: the claim, the browser's streak. */
function afterEnd(g) {
  if (g.status === "playing") return;
  if (g.mode === "daily" && g.status === "won" && rankable()) recordDailyWin(g.date);
  if (g.mode === "daily") refreshStreak();
  if (g.status === "won" && rankable() && !g.claimed && savedPlayer() && !state.claim) {
    claim();
  }
}

/* ---------- picking a move ---------- */

function cancelPick() {
  if (state.pick.from === null) return;
  state.pick = emptyPick();
  hint(t("cancelled"));
  drawMarks();
}

function onTouch(square, viaDrag) {
  if (!playerToMove()) return undefined;
  const result = touch(state.game.legalMoves, state.pick, square);
  state.pick = result.pick;
  switch (result.action) {
    case "select":
      hint(t("selected", { sq: square }));
      break;
    case "cancel":
      hint(t("cancelled"));
      break;
    case "step":
      hint(t("stepTaken", { sq: square }));
      break;
    case "ambiguous":
      hint(t("ambiguous", { sq: square }));
      break;
    case "refuse":
      hint(state.pick.from === null && state.pieces.has(square)
        ? t("notMovable") : t("refused", { sq: square }));
      board.root.classList.remove("shake");
      void board.root.offsetWidth;
      board.root.classList.add("shake");
      break;
    case "play":
      hint("");
      return playMove(result.move, viaDrag);
    default:
      break;
  }
  drawMarks();
  return result.action;
}

/** Shows where the dragged piece may go while it is being dragged. */
function onDragStart(from) {
  if (!playerToMove() || state.pick.from === from) return;
  const result = touch(state.game.legalMoves, emptyPick(), from);
  if (result.action !== "select") return;
  state.pick = result.pick;
  drawMarks();
}

function onDrop(from, to) {
  if (!playerToMove()) return;
  state.pick = emptyPick();
  const first = touch(state.game.legalMoves, state.pick, from);
  state.pick = first.pick;
  if (to === null || first.action !== "select") {
    drawMarks();
    return;
  }
  if (onTouch(to, true) === "refuse") {
    state.pick = emptyPick();
    drawMarks();
  }
}

/* ---------- playing ---------- */

async function playMove(move, skipAnimation) {
  // The server charges the turn up to the move's arrival; the page's own measure of the
  // visible time travels along as information only.
  clock.freeze();
  const thinkMs = visibleClock.stopTurn();
  state.pending = { ply: state.game.ply, move: move.hub, thinkMs };
  state.busy = true;
  state.pick = emptyPick();
  announce(t("youPlay", { m: move.notation }));
  drawMarks();
  if (!skipAnimation) await board.animate(move);
  playMoveSound("player", move.captures.length);
  state.localPieces = applyMove(state.pieces, move);
  board.setPosition(state.localPieces);
  board.setMarks({ last: move });
  drawStatus();
  return send();
}

async function send() {
  const before = state.game;
  $("thinking").hidden = false;
  await state.clockSent;
  try {
    const next = await api.play(before.id, state.token, state.pending);
    state.pending = null;
    hideError();
    await showReply(before, next);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && err.body && err.body.game) {
      state.pending = null;
      state.busy = false;
      hint(t("stale"));
      start(err.body.game, state.token);
      return;
    }
    if (err instanceof ApiError && err.status === 422) {
      state.pending = null;
      state.busy = false;
      hint(err.message);
      clock.set(state.game.clock);
      render();
      visibleClock.startTurn();
      return;
    }
    handleFailure(err, send);
    drawStatus();
  }
}

async function showReply(before, next) {
  const reply = next.lastComputerMove;
  const replied = reply && next.moves.length >= before.moves.length + 2;
  $("thinking").hidden = true;
  if (replied) {
    board.setPosition(state.localPieces);
    await board.animate(reply);
    playMoveSound("computer", reply.captures.length);
    announce(t(reply.captures.length ? "computerTakes" : "computerPlays", { m: reply.notation }));
  }
  state.busy = false;
  adopt(next);
  render();
  if (next.status === "playing") {
    visibleClock.startTurn();
    syncPause();
  } else {
    setTimeout(() => announce(t("gameOver", { result: resultText(next) })), 600);
    afterEnd(next);
  }
}

/* ---------- end of game ---------- */

async function claim() {
  const player = savedPlayer();
  const g = state.game;
  if (!player || !g) return;
  try {
    const res = await api.claim(g.id, state.token, player.token);
    state.claim = res;
  } catch (err) {
    if (err instanceof ApiError && err.code === "already-claimed") {
      state.claim = { message: t("alreadyClaimed") };
    } else if (err instanceof ApiError && err.code === "daily-closed") {
      state.claim = { message: t("dailyClosedClaim") };
    } else if (err instanceof ApiError && err.code === "casual-game") {
      state.claim = { message: t("casualGame") };
    } else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      savePlayer(null);
      state.claim = null;
    } else if (err instanceof ApiError && err.status === 422) {
      state.claim = { message: t("notRanked", { why: err.message }) };
    } else {
      handleFailure(err, claim);
      return;
    }
  }
  const saved = savedGame(storeKey);
  if (saved && saved.id === g.id) saveGame(storeKey, { ...saved, claim: state.claim });
  drawClaim();
  if (g.mode === "daily") refreshStreak();
}

$("pseudo-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("pseudo").value.trim();
  $("pseudo-error").textContent = "";
  try {
    const player = await api.createPlayer(name);
    savePlayer(player);
    await claim();
  } catch (err) {
    if (err instanceof ApiError && err.code === "pseudonym-taken") {
      $("pseudo-error").textContent = t("pseudoTaken");
    } else if (err instanceof ApiError && err.status === 422) {
      $("pseudo-error").textContent = t("pseudoInvalid", { why: err.message });
    } else {
      $("pseudo-error").textContent = t("requestFailed");
    }
  }
});

/** The share sheet on a touch device that has one (a phone), the clipboard elsewhere. */
$("share").addEventListener("click", async () => {
  const text = shareText(state.game, location.origin);
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  if (coarse && typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      hint(t("shared"));
      return;
    } catch (err) {
      if (err && err.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    hint(t("copied"));
  } catch {
    hint(t("copyFailed", { text }));
  }
});

function newGame() {
  forgetGame(storeKey);
  state.nextDailyAsked = false;
  state.streak = null;
  createGame();
}

$("new-game").addEventListener("click", () => tools.newGame());
$("play-again").addEventListener("click", () => {
  const g = state.game;
  // The finished game was yesterday's challenge: "play again" opens today's.
  if (g && !pastDate && g.date !== todayUtc()) {
    location.href = "play.html?mode=daily";
    return;
  }
  newGame();
});

$("resign").addEventListener("click", async () => {
  const button = $("resign");
  if (!button.dataset.confirm) {
    button.dataset.confirm = "1";
    button.textContent = t("confirmResign");
    setTimeout(() => {
      delete button.dataset.confirm;
      button.textContent = t("resign");
    }, 4000);
    return;
  }
  delete button.dataset.confirm;
  try {
    const g = await api.resign(state.game.id, state.token);
    visibleClock.stopTurn();
    state.pick = emptyPick();
    adopt(g);
    render();
    afterEnd(g);
  } catch (err) {
    handleFailure(err, () => button.click());
  }
});

$("numbers").checked = showNumbers();
board.setNumbers(showNumbers());
$("numbers").addEventListener("change", (e) => {
  setShowNumbers(e.target.checked);
  board.setNumbers(e.target.checked);
});

$("sound").checked = soundOn();
$("sound").addEventListener("change", (e) => setSoundOn(e.target.checked));

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") cancelPick();
});

setupLanguageSwitch(() => {
  if (state.game) render();
  const shown = state.error;
  if (shown && !$("error").hidden) showError(shown.text, shown.retry, shown.action);
});

setInterval(() => {
  drawClock();
  if (state.game) {
    drawBanner();
    drawCountdown();
    if (state.game.status === "won" && !state.claim && !state.game.claimed) drawClaim();
  }
}, 500);
$("status-text").textContent = t("loading");
loadGame();
