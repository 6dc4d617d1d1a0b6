// @ts-check
/**
 * The puzzle page (puzzle.html): « le coup du jour » (?daily=1), or training puzzles near the
 * player's rating (a named one with ?id=<puzzle>). The server holds the solution: each move
 * picked on the board (touch, click, drag or keyboard, picker.js over the legal moves the
 * server sent) is sent to it, and it answers "wrong" (the move is taken back) or plays the
 * defender's reply at once; the solution, the themes and the source come only at the end.
 * The attempt in progress is kept in the browser, so a reload goes on where it was.
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { applyMove, parseFen } from "./fen.js";
import "./freeplay-words.js";
import { setupLanguageSwitch, t } from "./i18n.js";
import { emptyPick, movableSquares, pickMarks, touch } from "./picker.js";
import {
  dailyDoneText, drawEnd, drawMoves, drawProfile, drawStreaks, shareLine, titleText, turnText,
} from "./puzzle-view.js";
import { shareOrCopy } from "./share.js";
import { playMoveSound } from "./sound.js";
import { loadStreak, todayUtc } from "./streak.js";
import { readJson, readText, savePlayer, savedPlayer, writeJson, writeText } from "./store.js";
import { $, $as } from "./dom.js";

const KEPT = "puzzle.current";
const SKIP = "puzzle.skip";
const VARIANT = "puzzleVariant";
const MAX_SKIP = 200;
const VARIANTS = ["international", "brazilian", "english", "italian"];

const params = new URLSearchParams(location.search);
const state = {
  mode: params.get("daily") ? "daily" : "training",
  named: params.get("id"),
  variant: VARIANTS.includes(readText(VARIANT)) ? readText(VARIANT) : "international",
  attempt: null,
  token: null,
  pieces: new Map(),
  pick: emptyPick(),
  busy: false,
};

const board = new BoardView($("board"), {
  onSquare: (sq) => onTouch(sq),
  onDrop: (from, to) => onDrop(from, to),
  onDragStart: (from) => onDragStart(from),
  onCancel: () => cancelPick(),
});

const say = (text) => {
  $("pz-feedback").textContent = text;
};
const playing = () => Boolean(state.attempt) && state.attempt.status === "playing";
const player = () => savedPlayer();

function errorText(err) {
  return err instanceof ApiError && !err.retryable ? err.message : t("requestFailed");
}

/* ---------- drawing ---------- */

function drawMarks() {
  const attempt = state.attempt;
  const moves = playing() && !state.busy ? attempt.legalMoves : [];
  const last = attempt && attempt.played.length ? attempt.played[attempt.played.length - 1]
    : null;
  const hinted = attempt && attempt.hintSquare !== null && state.pick.from === null;
  const movable = hinted ? new Set([attempt.hintSquare]) : movableSquares(moves);
  board.setMarks({ movable, draggable: movableSquares(moves), last,
    ...(state.pick.from === null ? {} : {
      selected: state.pick.from, ...pickMarks(moves, state.pick),
    }) });
}

function draw() {
  const attempt = state.attempt;
  if (!attempt) return;
  $("pz-title").textContent = titleText(attempt);
  $("pz-turn").textContent = turnText(attempt);
  drawMoves(attempt.played, attempt.puzzle.toMove);
  drawEnd(attempt);
  $("pz-hint").hidden = !playing();
  $("pz-solution").hidden = !playing();
  $("pz-next").hidden = playing();
  $as("pz-hint", HTMLButtonElement).disabled = state.busy;
  $as("pz-solution", HTMLButtonElement).disabled = state.busy;
  board.setInteractive(playing() && !state.busy);
  drawMarks();
}

function show(attempt, token) {
  $("main").classList.remove("no-puzzle");
  $("pz-title").hidden = false;
  state.attempt = attempt;
  state.token = token;
  state.pick = emptyPick();
  state.pieces = parseFen(attempt.fen).pieces;
  board.setFlipped(attempt.puzzle.toMove === "black");
  board.setPosition(state.pieces);
  draw();
}

/* ---------- starting ---------- */

function skipped() {
  const list = readJson(SKIP);
  return Array.isArray(list) ? list.filter((id) => typeof id === "string") : [];
}

async function resume() {
  const kept = readJson(KEPT);
  if (!kept || kept.mode !== state.mode || state.named) return false;
  try {
    const attempt = await api.puzzleAttempt(kept.id, kept.token);
    const today = attempt.puzzle.daily === todayUtc();
    if (attempt.status !== "playing" && !(state.mode === "daily" && today)) return false;
    if (state.mode === "daily" && !today) return false;
    await board.useVariant(attempt.puzzle.variant);
    show(attempt, kept.token);
    say(playing() ? t("puzzleFindMove") : "");
    return true;
  } catch {
    return false;
  }
}

async function startNew() {
  say(t("puzzleLoading"));
  $("pz-error").textContent = "";
  const me = player();
  const body = state.mode === "daily" ? { daily: true } : {
    variant: state.variant, ...(state.named ? { puzzleId: state.named } : {}),
    skip: me ? [] : skipped().slice(-MAX_SKIP),
  };
  try {
    const started = await api.startPuzzle(body, me ? me.token : undefined);
    const { attempt, token } = started;
    writeJson(KEPT, { id: attempt.attemptId, token, mode: state.mode });
    if (!me) writeJson(SKIP, [...skipped(), attempt.puzzle.id].slice(-MAX_SKIP));
    state.named = null;
    await board.useVariant(attempt.puzzle.variant);
    show(attempt, token);
    say(t("puzzleFindMove"));
  } catch (err) {
    say("");
    noPuzzle(err);
  }
}

/** Nothing to play: no board and no help buttons, only why and the way on (training from the
 * day's page, another try after a failed request; nothing when every puzzle was played). */
function noPuzzle(err) {
  const code = err instanceof ApiError ? err.code : null;
  const none = code === "no-puzzle-left" ? t("puzzleNoneLeft")
    : code === "no-daily-puzzle" ? t("puzzleNoDaily") : "";
  $("pz-title").textContent = none;
  $("pz-title").hidden = !none;
  $("pz-turn").textContent = "";
  $("pz-error").textContent = none ? "" : t("puzzleStartFailed", { why: errorText(err) });
  state.attempt = null;
  $("main").classList.add("no-puzzle");
  $("pz-hint").hidden = true;
  $("pz-solution").hidden = true;
  $("pz-next").hidden = code === "no-puzzle-left";
}

/* ---------- moves ---------- */

function cancelPick() {
  if (state.pick.from === null) return;
  state.pick = emptyPick();
  drawMarks();
}

function refuse() {
  board.root.classList.remove("shake");
  void board.root.offsetWidth;
  board.root.classList.add("shake");
}

function onTouch(square) {
  if (!playing() || state.busy) return undefined;
  const result = touch(state.attempt.legalMoves, state.pick, square);
  state.pick = result.pick;
  if (result.action === "refuse") refuse();
  if (result.action === "play") return playMove(result.move, false);
  drawMarks();
  return result.action;
}

function onDragStart(from) {
  if (!playing() || state.busy || state.pick.from === from) return;
  const result = touch(state.attempt.legalMoves, emptyPick(), from);
  if (result.action !== "select") return;
  state.pick = result.pick;
  drawMarks();
}

function onDrop(from, to) {
  if (!playing() || state.busy) return;
  const first = touch(state.attempt.legalMoves, emptyPick(), from);
  state.pick = first.pick;
  if (to === null || first.action !== "select" || onTouch(to) === "refuse") {
    state.pick = emptyPick();
    drawMarks();
  }
}

async function animateAll(moves, who) {
  for (const move of moves) {
    await board.animate(move);
    playMoveSound(who, move.captures.length);
    state.pieces = applyMove(state.pieces, move);
    board.setPosition(state.pieces);
    board.setMarks({ last: move });
  }
}

async function playMove(move, skipAnimation) {
  const attempt = state.attempt;
  state.busy = true;
  state.pick = emptyPick();
  draw();
  if (!skipAnimation) await board.animate(move);
  state.pieces = applyMove(state.pieces, move);
  board.setPosition(state.pieces);
  board.setMarks({ last: move });
  try {
    const answer = await api.puzzleMove(attempt.attemptId, state.token,
      { ply: attempt.ply, move: move.hub });
    if (answer.result === "wrong") {
      refuse();
      say(t("puzzleWrong"));
      state.pieces = parseFen(answer.attempt.fen).pieces;
      board.setPosition(state.pieces);
    } else {
      playMoveSound("player", move.captures.length);
      await animateAll(answer.reply, "computer");
      const replied = answer.reply.map((m) => m.notation).join(" ");
      say(answer.result === "solved" ? "" : [t("puzzleGood"),
        replied ? t("puzzleReplied", { m: replied }) : ""].join(" "));
    }
    state.busy = false;
    show(answer.attempt, state.token);
    if (answer.result === "solved") refreshMe();
  } catch (err) {
    state.busy = false;
    say(err instanceof ApiError && err.status === 422 ? err.message : "");
    $("pz-error").textContent = err instanceof ApiError && err.status === 422 ? ""
      : errorText(err);
    reload();
  }
}

async function reload() {
  try {
    show(await api.puzzleAttempt(state.attempt.attemptId, state.token), state.token);
  } catch {
    draw();
  }
}

/* ---------- help, end, next ---------- */

$("pz-hint").addEventListener("click", async () => {
  if (!playing() || state.busy) return;
  try {
    const answer = await api.puzzleHint(state.attempt.attemptId, state.token, state.attempt.ply);
    show(answer.attempt, state.token);
    say(t("puzzleHintSquare", { sq: answer.square }));
  } catch (err) {
    $("pz-error").textContent = errorText(err);
  }
});

$("pz-solution").addEventListener("click", async () => {
  if (!playing() || state.busy) return;
  state.busy = true;
  draw();
  try {
    const attempt = await api.puzzleSolution(state.attempt.attemptId, state.token);
    await animateAll(attempt.end.line.slice(state.attempt.played.length), "computer");
    state.busy = false;
    show({ ...attempt, played: attempt.end.line }, state.token);
    say(t("puzzleRevealed"));
    refreshMe();
  } catch (err) {
    state.busy = false;
    $("pz-error").textContent = errorText(err);
    draw();
  }
});

$("pz-next").addEventListener("click", () => {
  if (state.mode === "daily") {
    location.href = "puzzle.html";
    return;
  }
  startNew();
});

$("pz-share").addEventListener("click", async () => {
  const text = shareLine(state.attempt, location.origin);
  const done = await shareOrCopy(text);
  if (done === "shared" || done === "copied") say(t(done));
  else if (done === "failed") say(t("copyFailed", { text }));
});

/* ---------- the player ---------- */

async function refreshMe() {
  const me = player();
  let profile = null;
  let daily = null;
  try {
    if (me) profile = await api.puzzleProfile(me.token);
    daily = await api.puzzleDaily(me ? me.token : undefined);
  } catch {
    /* the board still works without the player's figures */
  }
  drawProfile(profile);
  drawStreaks(daily ? daily.dailyStreak : null, me ? await loadStreak() : null);
  if (daily && daily.solved && state.mode === "daily" && !playing()) say(dailyDoneText(daily));
}

$("pz-pseudo-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = $as("pz-pseudo", HTMLInputElement).value.trim();
  try {
    savePlayer(await api.createPlayer(name));
    $("pz-pseudo-error").textContent = "";
    refreshMe();
  } catch (err) {
    $("pz-pseudo-error").textContent = err instanceof ApiError && err.status === 409
      ? t("pseudoTaken") : err instanceof ApiError && err.code === "rate-limited"
        ? t("tooManyPseudonyms") : err instanceof ApiError && err.status === 422
          ? t("pseudoInvalid", { why: err.message }) : t("requestFailed");
  }
});

function drawVariants() {
  const select = $as("pz-variant", HTMLSelectElement);
  select.textContent = "";
  for (const name of VARIANTS) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = t(`variant:${name}`);
    select.append(option);
  }
  select.value = state.variant;
  $("pz-variant-row").hidden = state.mode === "daily";
}

$("pz-variant").addEventListener("change", () => {
  state.variant = $as("pz-variant", HTMLSelectElement).value;
  writeText(VARIANT, state.variant);
  if (!playing() || !state.attempt.rated) startNew();
});

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") cancelPick();
});

$(state.mode === "daily" ? "pz-mode-daily" : "pz-mode-training").setAttribute(
  "aria-current", "page");
setupLanguageSwitch(() => {
  drawVariants();
  draw();
});
drawVariants();
refreshMe();
resume().then((resumed) => (resumed ? undefined : startNew()));
