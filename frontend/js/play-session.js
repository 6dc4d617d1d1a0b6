// @ts-check
/**
 * The game in hand on the game page: resumes the game the browser kept for this page's
 * kind (today's daily, a past day, a free or two-player game) or has the server create one,
 * starts it on screen, and sets off what a finished game brings (streak, claim).
 */
import { ApiError, api } from "./api.js";
import { waitForReply } from "./computer-reply.js";
import { claim, forgetEnding, refreshStreak } from "./end-screen.js";
import { t } from "./i18n.js";
import { announced, syncPause } from "./pause-sync.js";
import { createErrorText, handleFailure, hideError, showError } from "./play-errors.js";
import { adopt, openGame, page, rankable, setClaim, setPick, state } from "./play-state.js";
import { render } from "./play-view.js";
import { forgetGame, saveGame, savedGame, savedPlayer } from "./store.js";
import { recordDailyWin, todayUtc } from "./streak.js";

const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
/** What else follows a game put on screen (move-input.js: a move a reload cut, sent again). */
const starters = [];

/**
 * Runs `follow(game)` after each game put on screen by `start`.
 * @param {(game: object) => void} follow
 */
export function onStart(follow) {
  starters.push(follow);
}

/** What a finished game sets off once: the claim, the browser's streak. */
export function afterEnd(g) {
  if (g.status === "playing") return;
  if (g.mode === "daily" && g.status === "won" && rankable()) recordDailyWin(g.date);
  if (g.mode === "daily") refreshStreak();
  if (g.status === "won" && rankable() && !g.claimed && savedPlayer() && !state.claim) {
    claim();
  }
}

/** Shows `game` (a GameView) as the page's game, opened with `token`. */
export function start(game, token) {
  document.body.classList.remove("failed");
  adopt(game);
  openGame(token);
  render();
  syncPause();
  if (game.thinking) {
    // Reloaded (or opened in another tab) while the computer thinks: its reply comes later.
    waitForReply(game).then(afterEnd, (err) => handleFailure(err, () => loadGame()));
    return;
  }
  afterEnd(game);
  for (const follow of starters) follow(game);
}

/** A tab shown again reads its game: another tab (or device) may have played meanwhile. */
async function catchUp() {
  const g = state.game;
  if (document.hidden || !g || g.status !== "playing" || state.busy || state.pending) return;
  await announced(); // the "visible again" first, so the read voids no pause
  try {
    const now = await api.getGame(g.id, state.token);
    if (state.game !== g || state.busy || state.pending) return;
    if (now.ply !== g.ply || now.status !== g.status || now.thinking) start(now, state.token);
  } catch {
    /* the next move meets the server anyway: a 409 then brings the game */
  }
}
document.addEventListener("visibilitychange", () => {
  catchUp();
});

export async function createGame() {
  hideError();
  const { mode, practiceFen, practiceLevel, pastDate, storeKey } = page;
  // An old practice link (?practice=1&fen=&level=) now makes a free game (casual with a fen).
  /** @type {Api.CreateGameRequest} */
  const body = { mode: mode === "practice" ? "free" : mode };
  if (mode === "practice") {
    if (practiceFen) body.fen = practiceFen;
    if (practiceLevel) body.level = /** @type {Api.CreateGameRequest["level"]} */ (practiceLevel);
  }
  if (pastDate) body.date = pastDate;
  try {
    const created = await api.createGame(body);
    saveGame(storeKey, {
      id: created.game.id, token: created.token, date: created.game.date,
      fen: practiceFen, level: practiceLevel,
    });
    setClaim(null);
    return start(created.game, created.token);
  } catch (err) {
    if (err instanceof ApiError && !err.retryable) {
      showError(() => createErrorText(err), null);
    } else {
      handleFailure(err, createGame);
    }
    return undefined;
  }
}

/** The browser's game for this page, when it is the one asked for and can be resumed. */
function resumable(saved) {
  if (!saved) return false;
  if (page.mode === "practice") {
    return saved.fen === page.practiceFen && saved.level === page.practiceLevel;
  }
  return page.pastDate ? saved.date === page.pastDate : true;
}

export async function loadGame() {
  hideError();
  if (page.unknownMode !== null) {
    showError(() => t("badMode", { mode: page.unknownMode.slice(0, 40) }), null,
      { label: () => t("playDailyInstead"), run: () => location.assign("play.html?mode=daily") });
    return undefined;
  }
  if (page.askedDate && !DATE_FORMAT.test(page.askedDate)) {
    showError(() => t("badDate"), null);
    return undefined;
  }
  const saved = savedGame(page.storeKey);
  if (resumable(saved)) {
    try {
      const game = await api.getGame(saved.id, saved.token);
      const staleDaily = page.mode === "daily" && !page.pastDate && game.status !== "playing"
        && saved.date !== todayUtc();
      if (!staleDaily) {
        setClaim(saved.claim || null);
        return start(game, saved.token);
      }
    } catch (err) {
      if (err instanceof ApiError && err.retryable) {
        handleFailure(err, loadGame);
        return undefined;
      }
    }
    forgetGame(page.storeKey);
  }
  return createGame();
}

/** The same kind of game again (the daily's "play again"). */
export function newGame() {
  forgetGame(page.storeKey);
  forgetEnding();
  createGame();
}

/** Ends the game by the player's resignation. */
export async function resign() {
  const g = await api.resign(state.game.id, state.token);
  setPick();
  adopt(g);
  render();
  afterEnd(g);
}
