// @ts-check
/**
 * The computer's reply, however it reaches the page: in the answer to the player's move, or
 * later, when the page was reloaded (or opened in another tab) while the computer thought.
 * The server then answers the game with `thinking` (the player's move stored, the clock
 * stopped) and this module reads it again until the reply is there, so a page never shows a
 * stale "your move". A move whose request a reload cut is kept for this tab
 * (sessionStorage) so the next page can send it again: an exact retry, played once.
 */
import { api } from "./api.js";
import { resultText } from "./end-screen.js";
import { t } from "./i18n.js";
import { syncPause } from "./pause-sync.js";
import {
  adopt, announce, awaitReply, board, endMove, state,
} from "./play-state.js";
import { $ } from "./dom.js";
import { render } from "./play-view.js";
import { playMoveSound } from "./sound.js";
import { readTabText, writeTabText } from "./store.js";

/** Waits between two reads while the computer thinks (the last one repeats). */
const READ_AGAIN_MS = [400, 600, 800, 1000, 1500];
const PENDING_KEY = "pending-move";

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Keeps the move being sent for this tab, so a reload before its answer can send it again.
 * @param {string} gameId
 * @param {{ply: number, move: string}|null} pending null once answered
 */
export function keepPending(gameId, pending) {
  writeTabText(PENDING_KEY, pending ? JSON.stringify({ gameId, ...pending }) : null);
}

/**
 * The move this tab sent to `game` and got no answer to, when the server has not played it
 * yet (the game is still at its ply, the player's turn, and the move is among the legal ones).
 * @param {{id: string, ply: number, status: string, thinking?: boolean,
 *   legalMoves: Array<{hub: string}>}} game
 * @returns {{ply: number, move: string}|null}
 */
export function unansweredMove(game) {
  let kept = null;
  try {
    kept = JSON.parse(readTabText(PENDING_KEY) || "null");
  } catch {
    kept = null;
  }
  if (!kept || kept.gameId !== game.id) return null;
  const still = game.status === "playing" && !game.thinking && kept.ply === game.ply
    && game.legalMoves.some((m) => m.hub === kept.move);
  if (!still) {
    keepPending(game.id, null);
    return null;
  }
  return { ply: kept.ply, move: kept.move };
}

/**
 * Draws `next` (a GameView) as the page's game, animating the computer's reply first when
 * `next` holds one that `before` lacked.
 * @param {{moves: string[]}} before the game as the page last drew it
 * @param {object} next the server's view
 */
export async function drawReply(before, next) {
  const reply = next.lastComputerMove;
  const replied = reply && !next.thinking && next.moves.length > before.moves.length
    && next.lastMove && next.lastMove.hub === reply.hub;
  $("thinking").hidden = true;
  if (replied) {
    await board.animate(reply);
    playMoveSound("computer", reply.captures.length);
    announce(t(reply.captures.length ? "computerTakes" : "computerPlays", { m: reply.notation }));
  }
  endMove();
  adopt(next);
  render();
  if (next.status === "playing") {
    syncPause();
  } else {
    setTimeout(() => announce(t("gameOver", { result: resultText(next) })), 600);
  }
}

/**
 * While the server says the computer is thinking: shows it, reads the game again until the
 * reply is stored, then draws it. Resolves with the game as it then stands; rejects with the
 * error of a read that trying again cannot fix (a gone game, a refused token).
 * @param {object} game a GameView with `thinking`
 * @returns {Promise<object>}
 */
export async function waitForReply(game) {
  const { id } = game;
  const token = state.token;
  awaitReply();
  render();
  let current = game;
  for (let attempt = 0; current.thinking; attempt += 1) {
    await sleep(READ_AGAIN_MS[Math.min(attempt, READ_AGAIN_MS.length - 1)]);
    if (!state.game || state.game.id !== id) return current; // another game was opened
    try {
      current = await api.getGame(id, token);
    } catch (err) {
      if (!err.retryable) throw err;
    }
  }
  await drawReply(game, current);
  return current;
}
