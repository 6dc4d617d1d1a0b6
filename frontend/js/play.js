/**
 * The game page: loads or resumes a game, lets the player pick among the API's legal moves,
 * sends them with the visible thinking time, shows the computer's reply, and ends with the
 * score, the leaderboard claim and the share button.
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { VisibleClock } from "./clock.js";
import { applyMove, parseFen } from "./fen.js";
import {
  formatDate, formatDuration, formatNumber, setupLanguageSwitch, t,
} from "./i18n.js";
import { emptyPick, movableSquares, pickMarks, touch } from "./picker.js";
import {
  forgetGame, saveGame, savePlayer, savedGame, savedPlayer, setShowNumbers, showNumbers,
} from "./store.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const practice = params.get("practice") === "1";
const mode = practice ? "practice" : params.get("mode") === "free" ? "free" : "daily";
const practiceFen = params.get("fen");
const practiceLevel = params.get("level");

const state = {
  game: null,
  token: null,
  pieces: new Map(),
  pick: emptyPick(),
  busy: false,
  pending: null,
  localPieces: new Map(),
  claim: null,
};

const clock = new VisibleClock();
const board = new BoardView($("board"), {
  onSquare: (sq) => onTouch(sq, false),
  onDrop: (from, to) => onDrop(from, to),
  onDragStart: (from) => onDragStart(from),
  onCancel: () => cancelPick(),
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
  return Boolean(g && g.status === "playing" && g.turn === g.playerColor && !state.busy);
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
    last: state.busy ? null : g.lastComputerMove,
  });
  board.setInteractive(playerToMove());
}

function drawMoveList() {
  const g = state.game;
  const list = $("move-list");
  list.textContent = "";
  const others = { white: "black", black: "white" };
  const firstMover = g.moves.length % 2 === 0 ? g.turn : others[g.turn];
  const moves = firstMover === "black" ? ["…", ...g.moves] : g.moves;
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement("li");
    const w = document.createElement("span");
    w.textContent = moves[i];
    li.append(w);
    if (moves[i + 1]) {
      const b = document.createElement("span");
      b.textContent = moves[i + 1];
      li.append(b);
    }
    list.append(li);
  }
  // Keep the latest move in view inside the list without scrolling the page itself.
  list.scrollTop = list.scrollHeight;
}

function drawTitle() {
  const g = state.game;
  const title = g.mode === "daily" ? t("modeDaily", { date: formatDate(g.date) })
    : g.mode === "practice" ? t("modePractice") : t("modeFree");
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
}

function drawClock() {
  const g = state.game;
  if (!g) return;
  const base = g.clock ? g.clock.elapsedMs : 0;
  const live = clock.running ? clock.current() : 0;
  const extra = state.pending ? state.pending.thinkMs : 0;
  $("clock").textContent = formatDuration((base + live + extra) / 1000);
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
  const ranked = g.mode !== "practice";
  $("share").hidden = !ranked;
  $("new-game").hidden = g.mode === "daily";
  $("to-board").hidden = !ranked;
  $("to-board").href = g.mode === "daily" ? `leaderboards.html?board=daily&date=${g.date}`
    : "leaderboards.html?board=free";
  drawClaim();
}

function drawClaim() {
  const g = state.game;
  const canClaim = g.status === "won" && g.mode !== "practice" && g.score;
  const form = $("pseudo-form");
  const rank = $("rank");
  if (!canClaim) {
    form.hidden = true;
    rank.hidden = true;
    return;
  }
  if (state.claim) {
    form.hidden = true;
    rank.hidden = false;
    rank.textContent = state.claim.message || t("rank", {
      rank: state.claim.rank,
      board: t(state.claim.board === "daily" ? "boardDaily" : "boardFree"),
      best: formatNumber(state.claim.best),
    });
    return;
  }
  if (g.claimed) {
    form.hidden = true;
    rank.hidden = false;
    rank.textContent = t("alreadyClaimed");
    return;
  }
  form.hidden = Boolean(savedPlayer());
  rank.hidden = true;
}

/** Keeps the game's status next to its id so the home page can offer to resume it. */
function rememberStatus() {
  const saved = savedGame(mode);
  if (saved && saved.id === state.game.id && saved.status !== state.game.status) {
    saveGame(mode, { ...saved, status: state.game.status });
  }
}

function render() {
  rememberStatus();
  state.pieces = parseFen(state.game.fen).pieces;
  board.setPosition(state.pieces);
  drawTitle();
  drawStatus();
  drawMarks();
  drawMoveList();
  drawEnd();
}

/* ---------- errors ---------- */

function showError(text, retry) {
  $("error-text").textContent = text;
  $("error").hidden = false;
  $("thinking").hidden = true;
  $("retry").onclick = () => {
    $("error").hidden = true;
    retry();
  };
}

function hideError() {
  $("error").hidden = true;
}

/** Decides what a failed request means for the game on screen. */
function handleFailure(err, retry) {
  if (!(err instanceof ApiError) || err.retryable) {
    showError(t("requestFailed"), retry);
    return;
  }
  if (err.status === 404 || err.status === 410 || err.status === 401 || err.status === 403) {
    forgetGame(mode);
    showError(t(err.status === 410 ? "expired" : "notFound"), () => location.reload());
    return;
  }
  showError(`${t("requestFailed")} (${err.message})`, retry);
}

/* ---------- loading ---------- */

async function loadGame() {
  hideError();
  const saved = savedGame(mode);
  const matches = saved && (mode !== "practice"
    || (saved.fen === practiceFen && saved.level === practiceLevel));
  if (matches) {
    try {
      const game = await api.getGame(saved.id, saved.token);
      const staleDaily = mode === "daily" && game.status !== "playing"
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
    forgetGame(mode);
  }
  return createGame();
}

function todayUtc() {
  return new Date().toISOString().slice(0, 10);
}

async function createGame() {
  hideError();
  const body = { mode };
  if (mode === "practice") {
    if (practiceFen) body.fen = practiceFen;
    if (practiceLevel) body.level = practiceLevel;
  }
  try {
    const created = await api.createGame(body);
    saveGame(mode, {
      id: created.game.id, token: created.token, date: created.game.date,
      fen: practiceFen, level: practiceLevel,
    });
    state.claim = null;
    return start(created.game, created.token);
  } catch (err) {
    handleFailure(err, createGame);
    return undefined;
  }
}

function start(game, token) {
  state.game = game;
  state.token = token;
  state.pick = emptyPick();
  state.busy = false;
  state.pending = null;
  render();
  if (playerToMove()) clock.startTurn();
  else clock.stopTurn();
  if (game.status === "won" && game.mode !== "practice" && !game.claimed && savedPlayer()) {
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
  const thinkMs = clock.stopTurn();
  state.pending = { ply: state.game.ply, move: move.hub, thinkMs };
  state.busy = true;
  state.pick = emptyPick();
  announce(t("youPlay", { m: move.notation }));
  drawMarks();
  if (!skipAnimation) await board.animate(move);
  state.localPieces = applyMove(state.pieces, move);
  board.setPosition(state.localPieces);
  board.setMarks({ last: { path: move.path, captures: [] } });
  drawStatus();
  return send();
}

async function send() {
  const before = state.game;
  $("thinking").hidden = false;
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
      render();
      clock.startTurn();
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
    announce(t(reply.captures.length ? "computerTakes" : "computerPlays", { m: reply.notation }));
  }
  state.busy = false;
  state.game = next;
  render();
  if (next.status === "playing") {
    clock.startTurn();
  } else {
    setTimeout(() => announce(t("gameOver", { result: resultText(next) })), 600);
    if (next.status === "won" && next.mode !== "practice" && savedPlayer()) claim();
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
    } else if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      savePlayer(null);
      state.claim = null;
    } else {
      handleFailure(err, claim);
      return;
    }
  }
  const saved = savedGame(mode);
  if (saved && saved.id === g.id) saveGame(mode, { ...saved, claim: state.claim });
  drawClaim();
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

function shareText() {
  const g = state.game;
  // A free game has no challenge date: the day it was started (UTC) says when it was played.
  const head = g.mode === "daily" ? t("shareDaily", { date: formatDate(g.date) })
    : t("shareFree", { date: formatDate(g.createdAt.slice(0, 10)) });
  const time = formatDuration((g.clock ? g.clock.elapsedMs : 0) / 1000);
  const body = g.status === "won" && g.score
    ? t("shareWon", { score: formatNumber(g.score.total), pieces: g.score.pieces, time })
    : t("shareOther", { result: resultText(g), time });
  return `${head}\n${body}\n${location.origin}/`;
}

$("share").addEventListener("click", async () => {
  const text = shareText();
  try {
    await navigator.clipboard.writeText(text);
    hint(t("copied"));
  } catch {
    hint(t("copyFailed", { text }));
  }
});

$("new-game").addEventListener("click", () => {
  forgetGame(mode);
  createGame();
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
    clock.stopTurn();
    state.pick = emptyPick();
    state.game = g;
    render();
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

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") cancelPick();
});

setupLanguageSwitch(() => {
  if (state.game) render();
});

setInterval(drawClock, 500);
$("status-text").textContent = t("loading");
loadGame();
