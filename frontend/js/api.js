/**
 * The HTTP API (docs/http-api.md), same origin, and the site's only caller of `fetch`. Every
 * failure becomes an ApiError so the page can tell a refused move (4xx with a reason) from a
 * network failure worth retrying.
 */
import { savedPlayer } from "./store.js";

export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.body = body;
  }

  /** True when trying again later could succeed (no answer, a server fault, or a write that
   * met another one on the same records and changed nothing: 409 "busy"). */
  get retryable() {
    return this.status === 0 || this.status >= 500 || this.status === 429
      || this.code === "busy";
  }
}

/* The receipt of a move the server refused for its own load (429/503 `refusal`), per game:
 * sent back with the retry, so the wait it imposed is not charged to the player's clock. */
const refusals = new Map();

/** Sends one request; `text` reads the answer as text (a PDN file) instead of JSON, and
 * `cache` lets the HTTP cache answer (only for what changes with a deploy). */
async function call(method, path, {
  body, gameToken, playerToken, keepalive, refusalOf, accept = "application/json", text = false,
  cache = "no-store",
} = {}) {
  const headers = { Accept: accept };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (gameToken) headers.Authorization = `Bearer ${gameToken}`;
  if (playerToken) headers["X-Player-Token"] = playerToken;
  if (refusalOf && refusals.has(refusalOf)) headers["X-Refusal"] = refusals.get(refusalOf);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache,
      // keepalive lets a request started as the tab is hidden or closed still reach the
      // server; unlike sendBeacon it can carry the Authorization header.
      keepalive: Boolean(keepalive),
    });
  } catch (err) {
    throw new ApiError(0, "network", String(err && err.message ? err.message : err));
  }
  if (text && response.ok) return response.text();
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (refusalOf) {
    if (!response.ok && data && data.refusal) refusals.set(refusalOf, data.refusal);
    else refusals.delete(refusalOf);
  }
  if (!response.ok) {
    throw new ApiError(response.status, data && data.error, data && data.message, data);
  }
  return data;
}

export const api = {
  /** With the browser's pseudonym, if it has one: the game is then bound to that player. */
  createGame: (body) => call("POST", "/api/games", { body, playerToken: savedPlayer()?.token }),
  getGame: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}`, { gameToken: token }),
  play: (id, token, body) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/moves`, {
      body, gameToken: token, refusalOf: id,
    }),
  /** Tells the server the page was hidden (paused) or shown again: the server keeps the clock
   * and credits a pause only between the two announcements it received. */
  clock: (id, token, paused) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/clock`, {
      body: { paused }, gameToken: token, keepalive: true,
    }),
  resign: (id, token) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/resign`, { body: {}, gameToken: token }),
  claim: (id, token, playerToken) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/claim`, {
      body: {}, gameToken: token, playerToken,
    }),
  /** Where the game's claim stands: provisional until its fair-play verdict, then published
   * or held (with the reasons as data). */
  claimStatus: (id, token) =>
    call("GET", `/api/games/${encodeURIComponent(id)}/claim`, { gameToken: token }),
  /** Reports another player's public entry to the moderators (one report per entry). */
  report: (board, date, pseudonym, kind, playerToken) =>
    call("POST", board === "daily" ? `/api/leaderboards/daily/${date}/reports`
      : "/api/leaderboards/free/reports", { body: { pseudonym, kind }, playerToken }),
  me: (playerToken) => call("GET", "/api/players/me", { playerToken }),
  createPlayer: (pseudonym) => call("POST", "/api/players", { body: { pseudonym } }),
  /** A one-time code moving the player to another device, and its use there. */
  transferCode: (playerToken) => call("POST", "/api/players/me/transfer-code", { playerToken }),
  redeemTransfer: (code) => call("POST", "/api/players/transfer", { body: { code } }),
  leaderboard: (board, date, playerToken) =>
    call("GET", board === "daily" ? `/api/leaderboards/daily/${date}` : "/api/leaderboards/free", {
      playerToken,
    }),
  /** The player's own entry on a board (`{me}`; 404 when they have none there). */
  myRank: (board, date, playerToken) =>
    call("GET", board === "daily" ? `/api/leaderboards/daily/${date}/me`
      : "/api/leaderboards/free/me", { playerToken }),
  daily: () => call("GET", "/api/daily"),
  /** The closed days that can be replayed, newest first. */
  days: () => call("GET", "/api/daily/days"),
  /** A game's PDN text (a file, not JSON). */
  pdn: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/pdn`, {
    gameToken: token, accept: "application/x-draughts-pdn, */*", text: true,
  }),
  /** Help in a casual game: each names the ply it is about, so a page that fell
   * behind gets 409 stale-ply with the game. */
  hint: (id, token, ply) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/hint`, { body: { ply }, gameToken: token }),
  takeback: (id, token, ply) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/takeback`, {
      body: { ply }, gameToken: token,
    }),
  drawOffer: (id, token, ply) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/draw-offer`, {
      body: { ply }, gameToken: token,
    }),
  /** A PDN file read by the server: its games, and game `game` with every position (null:
   * the first that reads); `variant` for games whose file does not say. */
  readPdn: (pdn, game = 1, variant = undefined) =>
    call("POST", "/api/games/pdn/read", { body: { pdn, game, variant } }),
  /** The rule sets: changes only with a deploy, so the HTTP cache may answer (variants.js
   * keeps the one copy of the site). */
  variants: () => call("GET", "/api/variants", { cache: "default" }),
  /** The analysis board: the position `moves` reach from `fen`, its legal moves and the
   * engine's evaluation at `depth` (422 illegal-setup with `problems` for a faulty set-up). */
  analysePosition: (body) => call("POST", "/api/games/position/analyse", { body }),
  /** A finished game's analysis, a job on the server: start it, then read its progress. */
  startAnalysis: (id, token) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/analysis`, { body: {}, gameToken: token }),
  analysis: (id, token) =>
    call("GET", `/api/games/${encodeURIComponent(id)}/analysis`, { gameToken: token }),
};
