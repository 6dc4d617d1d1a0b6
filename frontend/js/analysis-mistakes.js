// @ts-check
/**
 * "Learn from your mistakes" on the analysis page: the player's own moves that the analysis
 * judged mistakes or blunders, one after the other as puzzles on the page's board, as lichess's
 * retrospection does. The game's move fails, the engine's move passes, and another move passes
 * when the engine's search of the position after it (POST /api/games/position/analyse, the
 * analysis board's route) keeps the mover's win chances within `MAX_WIN_LOSS` points of the
 * engine's move searched the same way. The engine's line is shown after each answer. Nothing
 * is sent to be stored or rated: the game and its analysis are already the player's.
 */
import { ApiError, api } from "./api.js";
import { winChance } from "./eval-graph.js";
import { applyMove, parseFen } from "./fen.js";
import { t } from "./i18n.js";
import { emptyPick, movableSquares, pickMarks, touch } from "./picker.js";
import "./puzzle-words.js";
import { $, $as } from "./dom.js";

const MISTAKES = ["mistake", "blunder"];
const MAX_WIN_LOSS = 3.5; // win% points: lichess's "another move that loses almost nothing"
const JUDGE_DEPTH = 6;

/** The page's game (set by `setupMistakes`), its mistakes, and where the player is. */
let game = null;
let list = [];
let saved = null;
const state = { at: -1, legal: [], pieces: new Map(), pick: emptyPick(), busy: false,
  done: false };

const say = (text, line = "") => {
  $("an-m-text").textContent = text;
  $("an-m-line").textContent = line;
};
const current = () => list[state.at];
const bestOf = (move) => move.bestMove || (move.bestLine || [])[0] || "";
const failText = (err) => (err instanceof ApiError && !err.retryable ? err.message
  : t("requestFailed"));

function lineText() {
  const line = (current().move.bestLine || []).join(" ");
  return line ? t("mistakesLine", { line }) : "";
}

function drawMarks(last = null) {
  const moves = state.done || state.busy ? [] : state.legal;
  game.board.setMarks({ movable: movableSquares(moves), last,
    ...(state.pick.from === null ? {} : { selected: state.pick.from,
      ...pickMarks(moves, state.pick) }) });
  game.board.setInteractive(!state.done && !state.busy);
}

function buttons() {
  $as("an-m-show", HTMLButtonElement).hidden = state.done;
  const next = $as("an-m-next", HTMLButtonElement);
  next.hidden = !state.done;
  next.textContent = state.at + 1 < list.length ? t("mistakesNext") : t("mistakesQuit");
}

async function open(at) {
  Object.assign(state, { at, done: false, busy: true, pick: emptyPick() });
  const { move, fen, number } = current();
  state.pieces = parseFen(fen).pieces;
  game.board.setPosition(state.pieces);
  say(t("mistakesIntro", { i: at + 1, n: list.length, move: number, played: move.notation }));
  buttons();
  try {
    state.legal = (await api.analysePosition({ variant: game.variant, fen, depth: 1 }))
      .legalMoves;
  } catch (err) {
    say(failText(err));
    state.legal = [];
  }
  state.busy = false;
  drawMarks();
}

/** The mover's win% after `moves` from the mistake's position, by the engine. */
async function winAfter(moves) {
  const { fen, side } = current();
  const answer = await api.analysePosition({ variant: game.variant, fen, moves,
    depth: JUDGE_DEPTH });
  const white = answer.outcome ? (answer.outcome.winner === "white" ? 1
    : answer.outcome.winner === "black" ? -1 : 0) : winChance(answer.eval, answer.mate);
  return 50 + 50 * (side === "white" ? white : -white);
}

function finish(text) {
  state.done = true;
  say(state.at + 1 < list.length ? text : `${text} ${t("mistakesDone")}`, lineText());
  buttons();
  drawMarks();
}

function takeBack(text) {
  state.pieces = parseFen(current().fen).pieces;
  game.board.setPosition(state.pieces);
  say(text);
  drawMarks();
}

async function judge(tried) {
  const { move } = current();
  state.pick = emptyPick();
  state.pieces = applyMove(state.pieces, tried);
  game.board.setPosition(state.pieces);
  if (tried.notation === move.notation || tried.hub === move.move) {
    takeBack(t("mistakesSame"));
    return;
  }
  const best = bestOf(move);
  if (tried.notation === best || tried.hub === best) {
    finish(t("mistakesBest", { m: tried.notation }));
    return;
  }
  state.busy = true;
  say(t("mistakesChecking", { m: tried.notation }));
  drawMarks(tried);
  try {
    const [mine, engine] = await Promise.all([winAfter([tried.hub]), winAfter([best])]);
    state.busy = false;
    if (engine - mine < MAX_WIN_LOSS) finish(t("mistakesGood", { m: tried.notation }));
    else takeBack(t("mistakesWorse", { m: tried.notation }));
  } catch (err) {
    state.busy = false;
    takeBack(failText(err));
  }
}

function onTouch(square) {
  if (state.done || state.busy) return undefined;
  const result = touch(state.legal, state.pick, square);
  state.pick = result.pick;
  if (result.action === "play") judge(result.move);
  else drawMarks();
  return result.action;
}

const handlers = {
  onSquare: (square) => { onTouch(square); },
  onDragStart: (from) => {
    if (state.done || state.busy) return;
    const result = touch(state.legal, emptyPick(), from);
    if (result.action === "select") state.pick = result.pick;
    drawMarks();
  },
  onDrop: (from, to) => {
    if (state.done || state.busy) return;
    state.pick = touch(state.legal, emptyPick(), from).pick;
    if (to === null || onTouch(to) === "refuse") {
      state.pick = emptyPick();
      drawMarks();
    }
  },
  onCancel: () => {
    state.pick = emptyPick();
    drawMarks();
  },
};

function enter() {
  if (!list.length) return;
  $as("an-learn", HTMLButtonElement).hidden = true;
  $("an-mistakes").hidden = false;
  $("an-result").classList.add("learning");
  game.board.handlers = handlers;
  open(0);
}

function leave() {
  $("an-mistakes").hidden = true;
  $("an-result").classList.remove("learning");
  $as("an-learn", HTMLButtonElement).hidden = false;
  game.board.handlers = saved;
  game.board.setInteractive(false);
  game.onLeave();
}

function showEngineMove() {
  if (state.busy) return;
  const best = bestOf(current().move);
  const shown = state.legal.find((m) => m.notation === best || m.hub === best);
  if (shown) {
    state.pieces = applyMove(parseFen(current().fen).pieces, shown);
    game.board.setPosition(state.pieces);
  }
  finish(t("betterMove", { m: best }));
  if (shown) drawMarks(shown);
}

/** The player's mistakes and blunders in `result`, each with the position before it. */
function mistakesOf(result, detail, playerColor) {
  const found = [];
  result.moves.forEach((move, index) => {
    const fen = index === 0 ? detail.startFen : detail.moves[index - 1].fen;
    const side = parseFen(fen).turn;
    if (MISTAKES.includes(move.judgement) && (!playerColor || side === playerColor)) {
      found.push({ move, fen, side, number: Math.ceil((index + 1) / 2) });
    }
  });
  return found;
}

/**
 * @param {{board: import("./board.js").BoardView, variant: Api.GameView["variant"],
 *   playerColor: string|null,
 *   result: any, detail: any, onLeave: () => void}} page  the page's board, the game's
 *   analysis (`result`) and its positions (`detail`, from the server's PDN reader)
 */
export function setupMistakes(page) {
  game = page;
  saved = page.board.handlers;
  list = mistakesOf(page.result, page.detail, page.playerColor);
  const learn = $as("an-learn", HTMLButtonElement);
  learn.hidden = false;
  learn.disabled = list.length === 0;
  $("an-learn-none").textContent = list.length ? "" : t("mistakesNone");
  learn.onclick = enter;
  $as("an-m-show", HTMLButtonElement).onclick = showEngineMove;
  $as("an-m-next", HTMLButtonElement).onclick = () => {
    if (state.at + 1 < list.length) open(state.at + 1);
    else leave();
  };
  $as("an-m-quit", HTMLButtonElement).onclick = leave;
}
