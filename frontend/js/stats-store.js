// @ts-check
/**
 * Results kept on this device: wins, draws and losses per variant, level and colour, each
 * game counted once (by its id) whenever its end is seen, on whichever page; and the list of
 * those games (the newest `GAMES_KEPT`), for the archive, the openings and the trend.
 */
import { readJson, writeJson } from "./store.js";

const KEY = "stats";
/** Enough ids to recognise a game seen again, without growing for ever. */
const IDS_KEPT = 300;
/** The archive this browser keeps (a few kilobytes in localStorage). */
const GAMES_KEPT = 200;
/** The moves that name an opening (a move each side), as the server's archive gives them. */
export const OPENING_PLIES = 2;

/**
 * @typedef {object} ArchivedGame one finished game, as this browser or the server lists it
 * @property {string} id
 * @property {string} finishedAt ISO instant
 * @property {string} mode
 * @property {string} variant
 * @property {string | null} level
 * @property {string} playerColor
 * @property {"win" | "draw" | "loss"} outcome from the player's side (a duo game: White's)
 * @property {string[]} opening its first moves in official notation
 */

function read() {
  const data = readJson(KEY);
  if (data && typeof data.rows === "object" && Array.isArray(data.ids)) {
    return { games: [], ...data };
  }
  return { rows: {}, ids: [], games: [] };
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
  data.games = [archived(game), ...data.games].slice(0, GAMES_KEPT);
  write(data);
  return true;
}

/**
 * A finished GameView (or the server archive's entry) as the archive keeps it.
 * @param {any} game
 * @returns {ArchivedGame}
 */
export function archived(game) {
  return {
    id: game.id,
    finishedAt: game.finishedAt || new Date().toISOString(),
    mode: game.mode,
    variant: game.variant || "international",
    level: game.mode === "duo" ? null : game.level || "defi",
    playerColor: game.playerColor,
    outcome: outcomeOf(game),
    opening: (game.opening || game.moves || []).slice(0, OPENING_PLIES),
  };
}

/** @returns {ArchivedGame[]} this browser's finished games, newest first */
export function archivedGames() {
  return read().games;
}

/** Every row: {variant, level, color, win, draw, loss}. */
export function statsRows() {
  return Object.entries(read().rows).map(([key, row]) => {
    const [variant, level, color] = key.split("|");
    return { variant, level, color, win: row.win || 0, draw: row.draw || 0, loss: row.loss || 0 };
  });
}

/** Clears the counts and the archive; the ids stay, so a finished game opened again is not
 * counted anew. */
export function resetStats() {
  write({ rows: {}, ids: read().ids, games: [] });
}
