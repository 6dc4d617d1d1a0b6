// @ts-check
/**
 * The analysis board: any position (the start, a FEN from a link or typed, one set up in the
 * editor), moves played for both sides and taken back, and the engine's evaluation and best
 * line at the depth the player chooses, asked again after every change. The server answers
 * each position with its legal moves (POST /api/games/position/analyse), so no rule lives
 * here; an answer that arrives after a newer request is dropped. From any position the player
 * can start a casual game against the computer.
 *
 * Link: analysis-board.html?variant=<name>&fen=<PDN FEN> (both optional).
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import "./analysis-words.js";
import "./freeplay-words.js";
import { formatEval } from "./eval-format.js";
import { applyMove, parseFen } from "./fen.js";
import { sentence, setupLanguageSwitch, t } from "./i18n.js";
import { LEVELS, createFromChoices, loadChoices } from "./newgame-core.js";
import { emptyPick, movableSquares, pickMarks, touch } from "./picker.js";
import { readText, writeText } from "./store.js";
import {
  drawEditorVariants, editorIsOpen, editorTouch, openEditor, problemText, setupEditor,
} from "./position-editor.js";
import { $, $as } from "./dom.js";
import { boardHref } from "./analysis-links.js";
import { copyLink } from "./share-link.js";

const MAX_DEPTH = 10;
const DEPTH_KEY = "analysisDepth";

const state = {
  variant: "international",
  startFen: null,
  /** The moves played on the board: {hub, notation, view} (view: the MoveView). */
  moves: [],
  answer: null,
  /** The depth the shown answer was asked for (the answer says the depth it reached). */
  askedDepth: 0,
  pick: emptyPick(),
  asked: 0,
  busy: false,
  problem: "",
  variantNames: ["international"],
};

const board = new BoardView($("board"), {
  onSquare: (sq) => (editorIsOpen() ? editorTouch(sq) : onTouch(sq)),
  onDrop: (from, to) => onDrop(from, to),
  onCancel: () => cancelPick(),
});

const say = (text) => {
  $("ab-status").textContent = text;
};

setupEditor({
  board,
  say,
  variantNames: () => state.variantNames,
  analyse: (variant, fen) => load(variant, fen, []),
  closed: () => draw(),
});

function depth() {
  return Number($as("ab-depth", HTMLSelectElement).value) || 6;
}

/** Asks the server about `moves` from `fen`; the state changes only once it has answered.
 * Resolves with the set-up's problems when the server refuses it (null otherwise). */
async function load(variant, fen, moves) {
  const asked = ++state.asked;
  state.busy = true;
  board.setInteractive(false);
  $("ab-eval").textContent = t("evalThinking");
  $("ab-depth-cut").textContent = "";
  drawEnding(null);
  try {
    const askedDepth = depth();
    const answer = await api.analysePosition({
      variant, fen, moves: moves.map((m) => m.hub), depth: askedDepth,
    });
    if (asked !== state.asked) return null;
    await board.useVariant(variant);
    Object.assign(state, { variant, startFen: fen, moves, answer, askedDepth, problem: "" });
    return null;
  } catch (err) {
    if (asked !== state.asked) return null;
    if (err instanceof ApiError && err.code === "illegal-setup" && err.body) {
      return err.body.problems || [];
    }
    state.problem = t("evalFailed", {
      why: err instanceof ApiError && !err.retryable ? err.message : t("requestFailed"),
    });
    return null;
  } finally {
    if (asked === state.asked) {
      state.busy = false;
      if (editorIsOpen()) {
        $("ab-eval").textContent = "";
        board.setInteractive(true);
      } else {
        draw();
      }
    }
  }
}

function drawEval(answer) {
  if (answer.outcome) {
    const { winner } = answer.outcome;
    const result = winner === "white" ? t("winnerWhite")
      : winner === "black" ? t("winnerBlack") : t("drawn");
    $("ab-eval").textContent = t("gameOverHere", { result });
    $("ab-line").textContent = "";
    drawEnding(null);
    return;
  }
  const value = formatEval(answer.eval, answer.mate);
  $("ab-eval").textContent = t("evalLine", { value, depth: answer.depth });
  $("ab-line").textContent = t("bestLine", { line: answer.bestLine.join(" ") });
  $("ab-depth-cut").textContent = answer.depthCut
    ? sentence(t("evalDepthCut", { depth: answer.depth, asked: state.askedDepth })) : "";
  drawEnding(answer.ending);
}

/** The endgame tables' verdict ("white", "black", "draw"; null: none), beside the search's
 * score, which can only say "+20.0" of an ending the tables know is won. */
function drawEnding(ending) {
  const line = $("ab-ending");
  const key = { white: "endingWhite", black: "endingBlack", draw: "endingDraw" }[ending || ""];
  line.textContent = key ? t(key) : "";
  line.title = key ? t("endingNote") : "";
}

function drawMoves() {
  const list = $("ab-moves");
  list.textContent = "";
  const first = state.startFen ? parseFen(state.startFen).turn : "white";
  const items = state.moves.map((m) => m.notation);
  if (first === "black" && items.length) items.unshift("…");
  for (let i = 0; i < items.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = items.slice(i, i + 2).join(" ");
    list.append(li);
  }
}

function drawMarks() {
  const answer = state.answer;
  const moves = answer && !state.busy ? answer.legalMoves : [];
  const last = state.moves.length ? state.moves[state.moves.length - 1].view : null;
  const movable = movableSquares(moves);
  board.setMarks({ movable, last, ...(state.pick.from === null ? {} : {
    selected: state.pick.from, ...pickMarks(moves, state.pick),
  }) });
}

function draw() {
  const answer = state.answer;
  if (!answer) {
    if (state.problem) $("ab-eval").textContent = state.problem;
    return;
  }
  board.setPosition(parseFen(answer.fen).pieces);
  drawMarks();
  drawShared();
  if (state.problem) $("ab-eval").textContent = state.problem;
  else if (!state.busy) drawEval(answer);
  $("ab-turn").textContent = t(answer.turn === "white" ? "toMoveWhite" : "toMoveBlack");
  drawMoves();
  $as("ab-takeback", HTMLButtonElement).disabled = state.moves.length === 0;
  if (document.activeElement !== $as("ab-fen", HTMLInputElement)) $as("ab-fen", HTMLInputElement).value = answer.fen;
  board.setInteractive(!state.busy && !editorIsOpen() && answer.legalMoves.length > 0);
  drawPlayOn(answer);
}

/* ---------- moves on the board ---------- */

function cancelPick() {
  if (editorIsOpen() || state.pick.from === null) return;
  state.pick = emptyPick();
  say(t("cancelled"));
  drawMarks();
}

function onTouch(square) {
  if (state.busy || !state.answer) return undefined;
  const result = touch(state.answer.legalMoves, state.pick, square);
  state.pick = result.pick;
  if (result.action === "play") {
    play(result.move);
    return "play";
  }
  const words = { select: "selected", cancel: "cancelled", step: "stepTaken",
    ambiguous: "ambiguous", refuse: "refused" };
  say(t(words[result.action], { sq: square }));
  drawMarks();
  return result.action;
}

function onDrop(from, to) {
  if (editorIsOpen() || state.busy || !state.answer) return;
  const first = touch(state.answer.legalMoves, emptyPick(), from);
  state.pick = first.pick;
  if (to === null || first.action !== "select" || onTouch(to) === "refuse") {
    state.pick = to === null ? state.pick : emptyPick();
    drawMarks();
  }
}

function play(move) {
  state.pick = emptyPick();
  const pieces = parseFen(state.answer.fen).pieces;
  board.setPosition(applyMove(pieces, move));
  board.setMarks({ last: move });
  say(t("boardPlayed", { m: move.notation }));
  const played = { hub: move.hub, notation: move.notation, view: move };
  load(state.variant, state.startFen, [...state.moves, played]);
}

$("ab-takeback").addEventListener("click", () => {
  if (!state.moves.length) return;
  say(t("takenBack"));
  load(state.variant, state.startFen, state.moves.slice(0, -1));
});

$("ab-flip").addEventListener("click", () => {
  board.setFlipped(!board.flipped);
  $("ab-flip").setAttribute("aria-pressed", String(board.flipped));
});

$("ab-edit").addEventListener("click", () => {
  const fen = state.answer ? state.answer.fen : state.startFen;
  state.pick = emptyPick();
  openEditor(state.variant, fen).catch(() => say(t("requestFailed")));
});

$as("ab-depth", HTMLSelectElement).addEventListener("change", () => {
  writeText(DEPTH_KEY, $as("ab-depth", HTMLSelectElement).value);
  if (state.answer) load(state.variant, state.startFen, state.moves);
});

$("ab-fen-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const fen = $as("ab-fen", HTMLInputElement).value.trim();
  if (!fen) return;
  const problems = await load(state.variant, fen, []);
  // The verdict on this position replaces the one on the last: an accepted position leaves
  // no refusal of an older one standing under it.
  say(problems ? refusal(problems, state.variant) : "");
});

/* ---------- playing the computer from here ---------- */

function drawPlayOn(answer) {
  const level = $as("ab-level", HTMLSelectElement);
  const chosenLevel = level.value || loadChoices().level;
  level.replaceChildren(...LEVELS.map((name) => new Option(t(`level:${name}`), name)));
  level.value = chosenLevel;
  const color = $as("ab-color", HTMLSelectElement);
  const chosenColor = color.dataset.fen === answer.fen ? color.value : answer.turn;
  color.replaceChildren(...["white", "black"].map((c) => new Option(t(`color:${c}`), c)));
  color.value = chosenColor;
  color.dataset.fen = answer.fen;
  $as("ab-play", HTMLButtonElement).disabled = Boolean(answer.outcome);
}

$("ab-play").addEventListener("click", async () => {
  const answer = state.answer;
  if (!answer) return;
  const choices = { opponent: "computer", level: $as("ab-level", HTMLSelectElement).value,
    color: $as("ab-color", HTMLSelectElement).value, variant: state.variant };
  $as("ab-play", HTMLButtonElement).disabled = true;
  $("ab-play-error").textContent = t("starting");
  try {
    location.href = await createFromChoices(choices, { fen: answer.fen });
  } catch (err) {
    const why = err instanceof ApiError && !err.retryable ? err.message : t("requestFailed");
    $("ab-play-error").textContent = t("startFailed", { why });
    $as("ab-play", HTMLButtonElement).disabled = false;
  }
});

/* ---------- start ---------- */

function refusal(problems, variant) {
  const reasons = problems.map((p) => problemText(p, variant)).join(t("clauseSep"));
  return `${t("setupRefused")} ${reasons}`;
}

function setupDepth() {
  const saved = Number(readText(DEPTH_KEY)) || 6;
  const select = $as("ab-depth", HTMLSelectElement);
  for (let d = 1; d <= MAX_DEPTH; d += 1) select.append(new Option(String(d), String(d)));
  select.value = String(Math.min(MAX_DEPTH, Math.max(1, saved)));
}

async function loadVariantNames() {
  try {
    const answer = await api.variants();
    const names = ((answer && answer.variants) || []).map((v) => v && v.name)
      .filter((name) => typeof name === "string");
    if (names.length) state.variantNames = names;
  } catch {
    /* international only */
  }
  drawEditorVariants();
}

/** What the share button last said, and about which position: gone once the board moves on. */
let shared = { fen: "", words: () => "" };

function drawShared() {
  const still = Boolean(state.answer) && state.answer.fen === shared.fen;
  $("ab-share-text").textContent = still ? shared.words() : "";
  if (!still) $("ab-share-link").hidden = true;
}

// The board at this position, by its address (?variant=&fen=), which start() reads.
$("ab-share").addEventListener("click", async () => {
  if (!state.answer) return;
  const { fen } = state.answer;
  const url = new URL(boardHref(state.variant, fen), location.href).href;
  shared = { fen, words: await copyLink(url, "position", "ab-share-link") };
  drawShared();
});

async function start() {
  const params = new URLSearchParams(location.search);
  const variant = params.get("variant") || "international";
  const fen = params.get("fen");
  const problems = await load(variant, fen, []);
  if (problems || state.problem || !state.answer) {
    say(problems ? `${t("badLink")} ${refusal(problems, variant)}` : t("badLink"));
    await load("international", null, []);
  }
}

setupLanguageSwitch(() => {
  drawEditorVariants();
  if (state.answer && !editorIsOpen()) draw();
  drawShared();
});
setupDepth();
loadVariantNames();
start();
