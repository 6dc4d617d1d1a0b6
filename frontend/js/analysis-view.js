// @ts-check
/**
 * A finished game's analysis (analysis.html?game=<id>): asks the server for it (a job, POST
 * /api/games/{id}/analysis), shows its progress while it runs (the page can be left and opened
 * again: the job goes on, and a finished analysis is stored with the game), then the graph of
 * the evaluation, each side's accuracy, the turning point and every move with its evaluation
 * and class, the mistakes with the better move and the line the engine expected, and "learn
 * from your mistakes" (analysis-mistakes.js) over the player's own. A move picked
 * in the list, on the graph or with ← → shows its position on the board (positions come from
 * the server's PDN reader, as in the game page's review).
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { JUDGEMENT_MARKS } from "./analysis-words.js";
import "./freeplay-words.js";
import { boardHref, tokenFor } from "./analysis-links.js";
import { createEvalGraph } from "./eval-graph.js";
import { setupMistakes } from "./analysis-mistakes.js";
import { formatEval } from "./eval-format.js";
import { parseFen } from "./fen.js";
import {
  formatNumber, setupLanguageSwitch, t, tn,
} from "./i18n.js";
import { savedGame } from "./store.js";
import { $, $as, eventElement } from "./dom.js";

const POLL_MS = 1500;
const MODES = ["free", "daily", "practice", "duo"];

const view = { id: null, token: null, game: null, result: null, detail: null, ply: 0,
  graph: null };
const board = new BoardView($("board"), {
  onSquare: () => {}, onDrop: () => {}, onCancel: () => {},
});
board.setInteractive(false);

function findToken(id) {
  const kept = tokenFor(id);
  if (kept) return kept;
  const saved = MODES.map((mode) => savedGame(mode)).find((entry) => entry && entry.id === id);
  return saved ? saved.token : null;
}

function fail(text, retry = false) {
  $("an-progress").textContent = "";
  $("an-error").textContent = text;
  $("an-retry").hidden = !retry;
}

function errorText(err) {
  return err instanceof ApiError && !err.retryable ? err.message : t("requestFailed");
}

/* ---------- the job ---------- */

function showProgress(answer) {
  const progress = answer.progress || { done: 0, total: 0 };
  $("an-progress").textContent = answer.status === "queued" ? t("analysisQueued")
    : t("analysisRunning", { done: progress.done, total: progress.total });
}

async function follow() {
  let answer;
  try {
    answer = await api.analysis(view.id, view.token);
  } catch (err) {
    fail(t("analysisFailed", { why: errorText(err) }), true);
    return;
  }
  if (answer.status === "done" && answer.result) {
    await showResult(answer.result);
  } else if (answer.status === "failed") {
    fail(t("analysisFailed", { why: answer.error || "" }), true);
  } else {
    showProgress(answer);
    setTimeout(follow, POLL_MS);
  }
}

async function request() {
  $("an-error").textContent = "";
  $("an-retry").hidden = true;
  $("an-progress").textContent = t("analysisQueued");
  try {
    const answer = await api.startAnalysis(view.id, view.token);
    if (answer && answer.status !== "done") showProgress(answer);
  } catch (err) {
    fail(t("analysisFailed", { why: errorText(err) }), errorText(err) === t("requestFailed"));
    return;
  }
  await follow();
}

/* ---------- the result ---------- */

function moveNumber(ply) {
  return Math.ceil(ply / 2);
}

function markOf(move) {
  return JUDGEMENT_MARKS[move.judgement] || "";
}

function evalOf(move) {
  return formatEval(move.evalAfter, move.mateIn ?? null);
}

function sideText(side) {
  if (!side) return "";
  const accuracy = side.accuracy === null || side.accuracy === undefined ? "—"
    : formatNumber(Math.round(side.accuracy * 10) / 10);
  const counts = [
    tn("countInaccuracies", side.inaccuracies), tn("countMistakes", side.mistakes),
    tn("countBlunders", side.blunders),
  ];
  return `${t("accuracyLine", { value: accuracy })} · ${counts.join(", ")}`;
}

/** The engine's choice before `move` (the first move of its line when not given apart). */
function bestOf(move) {
  return move.bestMove || (move.bestLine || [])[0] || "";
}

function betterText(move) {
  const best = bestOf(move);
  if (!markOf(move) || !best || best === move.notation) return "";
  const line = (move.bestLine || []).join(" ");
  return `${t("betterMove", { m: best })}${line ? `${t("clauseSep")}${t("engineLine", { line })}` : ""}`;
}

function moveItem(move, ply) {
  const span = document.createElement("span");
  span.className = "mv";
  span.dataset.ply = String(ply);
  span.tabIndex = 0;
  span.setAttribute("role", "button");
  span.append(move.notation);
  const mark = markOf(move);
  if (mark) {
    const m = document.createElement("span");
    m.className = `mark ${move.judgement}`;
    m.textContent = mark;
    m.title = t(`judgement:${move.judgement}`);
    span.append(m);
  }
  const ev = document.createElement("span");
  ev.className = "ev";
  ev.textContent = evalOf(move);
  span.append(ev);
  const better = betterText(move);
  if (better) {
    const b = document.createElement("span");
    b.className = "better";
    b.textContent = better;
    span.append(b);
  }
  return span;
}

function drawMoves() {
  const list = $("an-moves");
  list.textContent = "";
  const moves = view.result.moves;
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement("li");
    li.append(moveItem(moves[i], i + 1));
    if (moves[i + 1]) li.append(" ", moveItem(moves[i + 1], i + 2));
    list.append(li);
  }
}

function drawSummary() {
  const { sides, turningPoint, moves } = view.result;
  $("an-white").textContent = sideText(sides.white);
  $("an-black").textContent = sideText(sides.black);
  // `turningPoint` is the `ply` field of the move concerned (the plies played before it).
  const index = turningPoint === null || turningPoint === undefined ? -1
    : moves.findIndex((m) => m.ply === turningPoint);
  const turning = index >= 0 ? moves[index] : null;
  $("an-turning").textContent = turning
    ? t("turningPoint", { m: `${turning.notation}${markOf(turning)}`, n: moveNumber(index + 1) })
    : t("noTurningPoint");
  $as("an-graph", SVGSVGElement).setAttribute("aria-label", t("graphLabel"));
}

function noteText(k) {
  if (k === 0) return t("boardStart");
  const move = view.result.moves[k - 1];
  const mark = markOf(move);
  const judged = move.judgement === "good" ? "" : ` — ${t(`judgement:${move.judgement}`)}`;
  const better = betterText(move);
  return `${t("moveEval", { m: move.notation, mark, value: evalOf(move) })}${judged}`
    + `${better ? `. ${better}` : ""}`;
}

function show(k) {
  const detail = view.detail;
  view.ply = Math.max(0, Math.min(k, detail.moves.length));
  const at = view.ply;
  const fen = at === 0 ? detail.startFen : detail.moves[at - 1].fen;
  board.setPosition(parseFen(fen).pieces);
  board.setMarks({ last: at === 0 ? null : detail.moves[at - 1].move });
  $("an-at").textContent = at === 0 ? t("reviewStart", { total: detail.moves.length })
    : t("reviewAt", { m: detail.moves[at - 1].notation, n: at, total: detail.moves.length });
  $("an-note").textContent = noteText(at);
  $as("an-board", HTMLAnchorElement).href = boardHref(view.game.variant, fen);
  $as("an-prev", HTMLButtonElement).disabled = at === 0;
  $as("an-next", HTMLButtonElement).disabled = at >= detail.moves.length;
  for (const span of document.querySelectorAll("#an-moves .mv")) {
    if (!(span instanceof HTMLElement)) continue;
    const current = Number(span.dataset.ply) === at;
    span.classList.toggle("current", current);
    if (current) span.setAttribute("aria-current", "step");
    else span.removeAttribute("aria-current");
  }
  view.graph.show(at);
}

function drawResult() {
  drawSummary();
  drawMoves();
  view.graph = createEvalGraph($as("an-graph", SVGSVGElement), {
    start: view.result.initialEval || 0,
    points: view.result.moves.map((m, i) => ({
      eval: m.evalAfter, mate: m.mateIn ?? null, judgement: m.judgement,
      label: t("graphPoint", { n: i + 1, m: `${m.notation}${markOf(m)}`, value: evalOf(m) }),
    })),
    onPick: (ply) => show(ply),
  });
  show(view.ply);
}

async function showResult(result) {
  try {
    const pdn = await api.pdn(view.id, view.token);
    view.detail = (await api.readPdn(pdn, 1, view.game.variant)).game;
    await board.useVariant(view.game.variant);
  } catch (err) {
    fail(t("analysisFailed", { why: errorText(err) }), true);
    return;
  }
  view.result = result;
  $("an-progress").textContent = "";
  $("an-result").hidden = false;
  view.ply = 0;
  drawResult();
  setupMistakes({ board, variant: view.game.variant, result, detail: view.detail,
    playerColor: view.game.mode === "duo" ? null : view.game.playerColor,
    onLeave: () => show(view.ply) });
}

$("an-prev").addEventListener("click", () => show(view.ply - 1));
$("an-next").addEventListener("click", () => show(view.ply + 1));
$("an-retry").addEventListener("click", () => request());
$("an-moves").addEventListener("click", (e) => {
  const span = eventElement(e).closest(".mv[data-ply]");
  if (!(span instanceof HTMLElement)) return;
  show(Number(span.dataset.ply));
});
$("an-moves").addEventListener("keydown", (e) => {
  const span = eventElement(e).closest(".mv[data-ply]");
  if (!(span instanceof HTMLElement)) return;
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    show(Number(span.dataset.ply));
  }
});
document.addEventListener("keydown", (e) => {
  if (!view.detail || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (eventElement(e).closest?.("input, select, textarea, #an-graph")) return;
  if (e.key === "ArrowLeft") show(view.ply - 1);
  else if (e.key === "ArrowRight") show(view.ply + 1);
  else return;
  e.preventDefault();
});

async function start() {
  view.id = new URLSearchParams(location.search).get("game");
  if (!view.id) {
    fail(t("analysisNoGame"));
    return;
  }
  view.token = findToken(view.id);
  if (!view.token) {
    fail(t("analysisNoToken"));
    return;
  }
  try {
    view.game = await api.getGame(view.id, view.token);
  } catch (err) {
    fail(errorText(err));
    return;
  }
  $as("an-game", HTMLAnchorElement).href = `play.html?mode=${encodeURIComponent(view.game.mode)}`;
  await request();
}

setupLanguageSwitch(() => {
  if (view.result) drawResult();
});
start();
