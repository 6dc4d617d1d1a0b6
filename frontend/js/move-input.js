// @ts-check
/**
 * The player's move on the game page: a piece and its landing squares picked by touch, click,
 * keyboard or drag (picker.js says what each touch means among the server's legal moves), the
 * move shown at once, sent to the server, and the computer's reply drawn when it comes.
 */
import { ApiError, api } from "./api.js";
import {
  drawReply, keepPending, unansweredMove, waitForReply,
} from "./computer-reply.js";
import { applyMove } from "./fen.js";
import { t } from "./i18n.js";
import { announced } from "./pause-sync.js";
import { emptyPick, movableSquares, touch } from "./picker.js";
import { handleFailure, hideError } from "./play-errors.js";
import { afterEnd, onStart, start } from "./play-session.js";
import {
  announce, answerBoard, beginMove, board, clock, endMove, hint, moveReceived, playerToMove,
  setPick, showLocally, state,
} from "./play-state.js";
import { drawMarks, drawStatus, render } from "./play-view.js";
import { playMoveSound } from "./sound.js";
import { $ } from "./dom.js";

export function cancelPick() {
  if (state.pick.from === null) return;
  setPick();
  hint(t("cancelled"));
  drawMarks();
}

/** Why the piece on `square` cannot be picked: when a capture is compulsory, which pieces
 * can take (from the server's legal moves, all captures then). */
function notMovableText() {
  const moves = state.game.legalMoves;
  if (!moves.length || !moves[0].captures.length) return t("notMovable");
  const from = [...movableSquares(moves)].sort((a, b) => a - b);
  const pieces = from.length === 1 ? t("pieceOn", { sq: from[0] })
    : t("piecesOn", { list: from.slice(0, -1).join(", "), last: from[from.length - 1] });
  return t(from.length === 1 ? "mustCapture" : "mustCaptureMany", { pieces });
}

/** A refused touch: says why, and shakes the board. */
function refuse(square) {
  hint(state.pick.from === null && state.pieces.has(square)
    ? notMovableText() : t("refused", { sq: square }));
  board.root.classList.remove("shake");
  void board.root.offsetWidth;
  board.root.classList.add("shake");
}

function onTouch(square, viaDrag) {
  if (!playerToMove()) return undefined;
  const result = touch(state.game.legalMoves, state.pick, square);
  setPick(result.pick);
  const said = { select: "selected", cancel: "cancelled", step: "stepTaken", ambiguous: "ambiguous" };
  if (said[result.action]) hint(t(said[result.action], { sq: square }));
  if (result.action === "refuse") refuse(square);
  if (result.action === "play") {
    hint("");
    return playMove(result.move, viaDrag);
  }
  drawMarks();
  return result.action;
}

/** Shows where the dragged piece may go while it is being dragged. */
function onDragStart(from) {
  if (!playerToMove() || state.pick.from === from) return;
  const result = touch(state.game.legalMoves, emptyPick(), from);
  if (result.action !== "select") return;
  setPick(result.pick);
  drawMarks();
}

function onDrop(from, to) {
  if (!playerToMove()) return;
  setPick();
  const first = touch(state.game.legalMoves, state.pick, from);
  setPick(first.pick);
  if (to === null || first.action !== "select") {
    drawMarks();
    return;
  }
  if (onTouch(to, true) === "refuse") {
    setPick();
    drawMarks();
  }
}

/** Shows `move` played at once, before the server's answer. */
function showMoveSent(move) {
  // The server charges the turn up to the move's arrival: the clock shown stops here.
  clock.freeze();
  beginMove({ ply: state.game.ply, move: move.hub });
  keepPending(state.game.id, state.pending);
  announce(t("youPlay", { m: move.notation }));
  drawMarks();
}

async function playMove(move, skipAnimation) {
  showMoveSent(move);
  if (!skipAnimation) await board.animate(move);
  playMoveSound("player", move.captures.length);
  showLocally(applyMove(state.pieces, move));
  drawSent(move);
  return send();
}

/** Draws the position shown while `move` is on its way. */
function drawSent(move) {
  board.setPosition(state.localPieces);
  board.setMarks({ last: move });
  drawStatus();
}

async function send() {
  const before = state.game;
  $("thinking").hidden = false;
  await announced();
  let next;
  try {
    next = await api.play(before.id, state.token, state.pending);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 409 || err.status === 422)) {
      keepPending(before.id, null);
    }
    if (err instanceof ApiError && err.status === 409 && err.body && err.body.game) {
      endMove();
      // The computer still thinking about this very move is no news: only a game that moved
      // on elsewhere is.
      if (err.code !== "computer-thinking") hint(t("stale"));
      start(err.body.game, state.token);
      return;
    }
    if (err instanceof ApiError && err.status === 422) {
      endMove();
      hint(err.message);
      clock.set(state.game.clock);
      render();
      return;
    }
    handleFailure(err, send);
    drawStatus();
    return;
  }
  moveReceived();
  keepPending(before.id, null);
  hideError();
  board.setPosition(state.localPieces);
  try {
    // A retry the server answered while it still thinks: the reply comes with a later read.
    if (next.thinking) next = await waitForReply(next);
    else await drawReply(before, next);
  } catch (err) {
    handleFailure(err, () => start(state.game, state.token));
    return;
  }
  afterEnd(next);
}

/** A page reloaded while its move was on the way sends it again (the server plays it once). */
onStart((game) => {
  const kept = unansweredMove(game);
  if (!kept || state.busy) return;
  const move = game.legalMoves.find((m) => m.hub === kept.move);
  showMoveSent(move); // at the kept ply, which is the game's (unansweredMove)
  showLocally(applyMove(state.pieces, move));
  drawSent(move);
  send();
});

answerBoard({
  touch: onTouch, drop: onDrop, dragStart: onDragStart, cancel: cancelPick,
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") cancelPick();
});
