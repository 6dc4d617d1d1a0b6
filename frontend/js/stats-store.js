// @ts-check
/**
 * Results kept on this device: wins, draws and losses per variant, level and colour, each
 * game counted once (by its id) whenever its end is seen, on whichever page.
 */
import { readJson, writeJson } from "./store.js";

const KEY = "stats";
/** Enough ids to recognise a game seen again, without growing for ever. */
const IDS_KEPT = 300;

function read() {
  const data = readJson(KEY);
  if (data && typeof data.rows === "object" && Array.isArray(data.ids)) return data;
  return { rows: {}, ids: [] };
}

function write(data) {
  writeJson(KEY, data);
}

/** "win" | "draw" | "loss" from the player's side; in a two-player game, from White's. */
export function outcomeOf(game) {
  if (game.status === "draw") return "draw";
  if (game.mode === "duo") {
    if (!game.winner) return "draw";
    return game.winner === "white" ? "win" : "loss";
  }
  return game.status === "won" ? "win" : "loss";
}

/** Counts a finished game once; returns true when it was new. */
export function recordResult(game) {
  if (!game || !game.id || game.status === "playing") return false;
  const data = read();
  if (data.ids.includes(game.id)) return false;
  const level = game.mode === "duo" ? "duo" : game.level || "defi";
  const color = game.mode === "duo" ? "white" : game.playerColor;
  const key = [game.variant || "international", level, color].join("|");
  const row = data.rows[key] || { win: 0, draw: 0, loss: 0 };
  row[outcomeOf(game)] += 1;
  data.rows[key] = row;
  data.ids = [...data.ids, game.id].slice(-IDS_KEPT);
  write(data);
  return true;
}

/** Every row: {variant, level, color, win, draw, loss}. */
export function statsRows() {
  return Object.entries(read().rows).map(([key, row]) => {
    const [variant, level, color] = key.split("|");
    return { variant, level, color, win: row.win || 0, draw: row.draw || 0, loss: row.loss || 0 };
  });
}

/** Clears the counts; the ids stay, so a finished game opened again is not counted anew. */
export function resetStats() {
  write({ rows: {}, ids: read().ids });
}
