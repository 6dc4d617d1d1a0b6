// @ts-check
/**
 * The ways into the analysis pages from the game page (end screen, review) and the PDN import:
 * the game's analysis (analysis.html?game=<id>) and the analysis board at a position
 * (analysis-board.html?variant=…&fen=…). A game's analysis needs its token, which never goes
 * into a link (it would end up in the history and in shared addresses): the link's page keeps
 * it in this browser, by game id, for the analysis page to read.
 */
import { readJson, writeJson } from "./store.js";

const TOKENS_KEY = "analysisTokens";
const KEPT_TOKENS = 30;

function readTokens() {
  const value = readJson(TOKENS_KEY);
  return Array.isArray(value) ? value : [];
}

/** Keeps `token` for game `id` (the latest 30 games). */
export function rememberToken(id, token) {
  if (!id || !token) return;
  const kept = readTokens().filter((entry) => entry && entry.id !== id);
  kept.unshift({ id, token });
  writeJson(TOKENS_KEY, kept.slice(0, KEPT_TOKENS));
}

/** The token kept for game `id`, or null. */
export function tokenFor(id) {
  const found = readTokens().find((entry) => entry && entry.id === id);
  return found ? found.token : null;
}

export function analysisHref(id) {
  return `analysis.html?game=${encodeURIComponent(id)}`;
}

export function boardHref(variant, fen) {
  const params = new URLSearchParams({ variant: variant || "international", fen });
  return `analysis-board.html?${params}`;
}

/** Shows `link` to the analysis of `game` once it is over (and `allowed`: a daily game only
 * after its day's close), keeping the game's token for the analysis page. */
export function showAnalyseLink(link, game, token, allowed = true) {
  if (!link) return;
  const open = Boolean(game) && game.status !== "playing" && allowed;
  link.hidden = !open;
  if (!open) return;
  rememberToken(game.id, token);
  link.href = analysisHref(game.id);
}
