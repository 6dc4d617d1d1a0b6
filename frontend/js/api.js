// @ts-check
/**
 * The HTTP API (docs/http-api.md), same origin, and the site's only caller of `fetch`. Every
 * failure becomes an ApiError so the page can tell a refused move (4xx with a reason) from a
 * network failure worth retrying.
 */
import { playerTokenRefused } from "./identity.js";
import { savedPlayer } from "./store.js";

export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.body = body;
    /** Set when the refusal made this device forget its pseudonym (identity.js). */
    this.identityMoved = false;
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

/**
 * @typedef {object} CallOptions
 * @property {unknown} [body] the JSON body
 * @property {string | null} [gameToken] sent as `Authorization: Bearer`
 * @property {string | null} [playerToken] sent as `X-Player-Token`
 * @property {boolean} [keepalive] the request may outlive the page
 * @property {string} [refusalOf] the game whose load refusal receipt goes back with it
 * @property {string} [accept] the `Accept` header
 * @property {boolean} [text] read the answer as text
 * @property {RequestCache} [cache] the fetch cache mode
 */

/** Sends one request; `text` reads the answer as text (a PDN file) instead of JSON, and
 * `cache` lets the HTTP cache answer (only for what changes with a deploy).
 * @param {string} method
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<any>} the answer's JSON (or text)
 */
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
    const error = new ApiError(response.status, data && data.error, data && data.message, data);
    if (playerToken && error.code === "bad-player-token") {
      error.identityMoved = playerTokenRefused(playerToken);
    }
    throw error;
  }
  return data;
}

/**
 * The success answer of a route, as the OpenAPI documents define it (docs/openapi/api.d.ts).
 * @template {keyof Api.Routes} R
 * @typedef {Promise<Api.Routes[R]["answer"]>} Answer
 */
/**
 * The request body of a route.
 * @template {keyof Api.Routes} R
 * @typedef {Api.Routes[R]["body"]} Body
 */

export const api = {
  /**
   * With the browser's pseudonym, if it has one: the game is then bound to that player.
   * @param {Body<"POST /api/games">} body
   * @returns {Answer<"POST /api/games">}
   */
  createGame: (body) => call("POST", "/api/games", { body, playerToken: savedPlayer()?.token }),
  /**
   * @param {string} id
   * @param {string} token
   * @returns {Answer<"GET /api/games/{game_id}">}
   */
  getGame: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}`, { gameToken: token }),
  /**
   * @param {string} id
   * @param {string} token
   * @param {Body<"POST /api/games/{game_id}/moves">} body
   * @returns {Answer<"POST /api/games/{game_id}/moves">}
   */
  play: (id, token, body) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/moves`, {
      body, gameToken: token, refusalOf: id,
    }),
  /**
   * Tells the server the page was hidden (paused) or shown again: the server keeps the clock
   * and credits a pause only between the two announcements it received.
   * @param {string} id
   * @param {string} token
   * @param {boolean} paused
   * @returns {Answer<"POST /api/games/{game_id}/clock">}
   */
  clock: (id, token, paused) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/clock`, {
      body: { paused }, gameToken: token, keepalive: true,
    }),
  /**
   * @param {string} id
   * @param {string} token
   * @returns {Answer<"POST /api/games/{game_id}/resign">}
   */
  resign: (id, token) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/resign`, { body: {}, gameToken: token }),
  /**
   * @param {string} id
   * @param {string} token
   * @param {string} playerToken
   * @returns {Answer<"POST /api/games/{game_id}/claim">}
   */
  claim: (id, token, playerToken) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/claim`, {
      body: {}, gameToken: token, playerToken,
    }),
  /**
   * Where the game's claim stands: provisional until its fair-play verdict, then published
   * or held (with the reasons as data).
   * @param {string} id
   * @param {string} token
   * @returns {Answer<"GET /api/games/{game_id}/claim">}
   */
  claimStatus: (id, token) =>
    call("GET", `/api/games/${encodeURIComponent(id)}/claim`, { gameToken: token }),
  /**
   * Reports another player's public entry to the moderators (one report per entry).
   * @param {"daily" | "free"} board
   * @param {string | null} date
   * @param {string} pseudonym
   * @param {Body<"POST /api/leaderboards/free/reports">["kind"]} kind
   * @param {string} playerToken
   * @returns {Answer<"POST /api/leaderboards/free/reports">}
   */
  report: (board, date, pseudonym, kind, playerToken) =>
    call("POST", board === "daily" ? `/api/leaderboards/daily/${date}/reports`
      : "/api/leaderboards/free/reports", { body: { pseudonym, kind }, playerToken }),
  /**
   * @param {string} playerToken
   * @returns {Answer<"GET /api/players/me">}
   */
  me: (playerToken) => call("GET", "/api/players/me", { playerToken }),
  /**
   * A page of the player's own finished games, newest first (`after`: the last page's `next`).
   * @param {string} playerToken
   * @param {string | null} after
   * @returns {Answer<"GET /api/players/me/games">}
   */
  myGames: (playerToken, after) => call(
    "GET", `/api/players/me/games?limit=50${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    { playerToken },
  ),
  /**
   * A first pseudonym; `gameId` and `gameToken` offer this browser's won game for the
   * per-browser allowance (one name per won game) beyond the network's.
   * @param {string} pseudonym
   * @param {string | null} [gameId]
   * @param {string | null} [gameToken]
   * @returns {Answer<"POST /api/players">}
   */
  createPlayer: (pseudonym, gameId, gameToken) =>
    call("POST", "/api/players", {
      body: gameId ? { pseudonym, gameId } : { pseudonym }, gameToken,
    }),
  /**
   * A one-time code moving the player to another device, and its use there.
   * @param {string} playerToken
   * @returns {Answer<"POST /api/players/me/transfer-code">}
   */
  transferCode: (playerToken) => call("POST", "/api/players/me/transfer-code", { playerToken }),
  /**
   * @param {string} code
   * @returns {Answer<"POST /api/players/transfer">}
   */
  redeemTransfer: (code) => call("POST", "/api/players/transfer", { body: { code } }),
  /**
   * @param {"daily" | "free"} board
   * @param {string | null} date
   * @param {string} [playerToken]
   * @returns {Answer<"GET /api/leaderboards/free">}
   */
  leaderboard: (board, date, playerToken) =>
    call("GET", board === "daily" ? `/api/leaderboards/daily/${date}` : "/api/leaderboards/free", {
      playerToken,
    }),
  /**
   * The player's own entry on a board (`{me}`; 404 when they have none there).
   * @param {"daily" | "free"} board
   * @param {string | null} date
   * @param {string} playerToken
   * @returns {Answer<"GET /api/leaderboards/free/me">}
   */
  myRank: (board, date, playerToken) =>
    call("GET", board === "daily" ? `/api/leaderboards/daily/${date}/me`
      : "/api/leaderboards/free/me", { playerToken }),
  /**
   * @returns {Answer<"GET /api/daily">}
   */
  daily: () => call("GET", "/api/daily"),
  /**
   * The closed days that can be replayed, newest first.
   * @returns {Answer<"GET /api/daily/days">}
   */
  days: () => call("GET", "/api/daily/days"),
  /**
   * A game's PDN text (a file, not JSON).
   * @param {string} id
   * @param {string} token
   * @returns {Answer<"GET /api/games/{game_id}/pdn">}
   */
  pdn: (id, token) => call("GET", `/api/games/${encodeURIComponent(id)}/pdn`, {
    gameToken: token, accept: "application/x-draughts-pdn, */*", text: true,
  }),
  /**
   * Help in a casual game: each names the ply it is about, so a page that fell behind gets 409
   * stale-ply with the game.
   * @param {string} id
   * @param {string} token
   * @param {number} ply
   * @returns {Answer<"POST /api/games/{game_id}/hint">}
   */
  hint: (id, token, ply) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/hint`, { body: { ply }, gameToken: token }),
  /**
   * @param {string} id
   * @param {string} token
   * @param {number} ply
   * @returns {Answer<"POST /api/games/{game_id}/takeback">}
   */
  takeback: (id, token, ply) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/takeback`, {
      body: { ply }, gameToken: token,
    }),
  /**
   * @param {string} id
   * @param {string} token
   * @param {number} ply
   * @returns {Answer<"POST /api/games/{game_id}/draw-offer">}
   */
  drawOffer: (id, token, ply) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/draw-offer`, {
      body: { ply }, gameToken: token,
    }),
  /**
   * A PDN file read by the server: its games, and game `game` with every position (null: the
   * first that reads); `variant` for games whose file does not say.
   * @param {string} pdn
   * @param {number | null} [game]
   * @param {string} [variant]
   * @returns {Answer<"POST /api/games/pdn/read">}
   */
  readPdn: (pdn, game = 1, variant = undefined) =>
    call("POST", "/api/games/pdn/read", { body: { pdn, game, variant } }),
  /**
   * The rule sets: changes only with a deploy, so the HTTP cache may answer (variants.js keeps
   * the one copy of the site).
   * @returns {Answer<"GET /api/variants">}
   */
  variants: () => call("GET", "/api/variants", { cache: "default" }),
  /**
   * The analysis board: the position `moves` reach from `fen`, its legal moves and the
   * engine's evaluation at `depth` (422 illegal-setup with `problems` for a faulty set-up).
   * @param {Body<"POST /api/games/position/analyse">} body
   * @returns {Answer<"POST /api/games/position/analyse">}
   */
  analysePosition: (body) => call("POST", "/api/games/position/analyse", { body }),
  /**
   * A finished game's analysis, a job on the server: start it, then read its progress.
   * @param {string} id
   * @param {string} token
   * @returns {Answer<"POST /api/games/{game_id}/analysis">}
   */
  startAnalysis: (id, token) =>
    call("POST", `/api/games/${encodeURIComponent(id)}/analysis`, { body: {}, gameToken: token }),
  /**
   * @param {string} id
   * @param {string} token
   * @returns {Answer<"GET /api/games/{game_id}/analysis">}
   */
  analysis: (id, token) =>
    call("GET", `/api/games/${encodeURIComponent(id)}/analysis`, { gameToken: token }),
  /* The puzzles (« le coup du jour »): an attempt is opened by its own token, every move is
   * checked by the server, which sends the solution only once the attempt has ended. */
  puzzleDaily: (playerToken) => call("GET", "/api/puzzles/daily", { playerToken }),
  puzzleProfile: (playerToken) => call("GET", "/api/puzzles/me", { playerToken }),
  startPuzzle: (body, playerToken) =>
    call("POST", "/api/puzzles/attempts", { body, playerToken }),
  puzzleAttempt: (id, token) =>
    call("GET", `/api/puzzles/attempts/${encodeURIComponent(id)}`, { gameToken: token }),
  puzzleMove: (id, token, body) =>
    call("POST", `/api/puzzles/attempts/${encodeURIComponent(id)}/moves`, {
      body, gameToken: token,
    }),
  puzzleHint: (id, token, ply) =>
    call("POST", `/api/puzzles/attempts/${encodeURIComponent(id)}/hint`, {
      body: { ply }, gameToken: token,
    }),
  puzzleSolution: (id, token) =>
    call("POST", `/api/puzzles/attempts/${encodeURIComponent(id)}/solution`, {
      body: {}, gameToken: token,
    }),
  /**
   * The player's data, one page at a time (`next`: the following page's cursor).
   * @param {string} playerToken
   * @param {string | null} [cursor]
   * @returns {Answer<"GET /api/players/me/data">}
   */
  myData: (playerToken, cursor) =>
    call("GET", `/api/players/me/data${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
      playerToken,
    }),
  /**
   * @param {string} playerToken
   * @param {string} pseudonym
   * @returns {Answer<"POST /api/players/me/pseudonym">}
   */
  rename: (playerToken, pseudonym) =>
    call("POST", "/api/players/me/pseudonym", { body: { pseudonym }, playerToken }),
  /**
   * Erases the player: `{erased: false}` while it goes on (send it again).
   * @param {string} playerToken
   * @returns {Answer<"DELETE /api/players/me">}
   */
  eraseMe: (playerToken) => call("DELETE", "/api/players/me", { playerToken }),
  /**
   * The privacy notice's controller and deployed figures.
   * @returns {Answer<"GET /api/privacy/controller">}
   */
  controller: () => call("GET", "/api/privacy/controller"),
};
