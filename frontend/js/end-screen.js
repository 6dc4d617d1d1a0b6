// @ts-check
/**
 * The game page's end screen: the result and why, the score, the pauses, the streak, the
 * leaderboard claim (with the pseudonym form at the first score), sharing, the next daily's
 * countdown, and the ways on (play again, new game, the leaderboard). A button for what
 * follows a finished game belongs in `drawEnd`'s list of actions.
 */
import { ApiError, api } from "./api.js";
import { formatCountdown, formatDuration, formatNumber, lang, sentence, t } from "./i18n.js";
import { handleFailure } from "./play-errors.js";
import { dailyClosed, hint, page, rankable, setClaim, state } from "./play-state.js";
import { showAnalyseLink } from "./analysis-links.js";
import { reasonsWords } from "./fairplay-words.js";
import { shareOrCopy, shareText } from "./share.js";
import { saveGame, savePlayer, savedGame, savedPlayer } from "./store.js";
import { loadStreak, streakText, todayUtc } from "./streak.js";
import { $, $as, revealBelowFold } from "./dom.js";

const ending = { nextDailyAt: null, nextDailyAsked: false, streak: null, watching: null };
// How long the end screen waits between asks for the claim's fair-play verdict (the last
// repeats), and how many asks before it leaves the answer to the leaderboard page.
const VERDICT_WAITS_MS = [2000, 3000, 5000, 8000, 13000, 20000, 30000];
const VERDICT_ASKS = 70;

export function resultText(g) {
  return t(g.status === "resigned" ? "resigned" : g.status);
}

function reasonText(g) {
  if (!g.reason) return "";
  if (g.reason === "no-moves") {
    return t(`reason:no-moves:${g.status === "won" ? "won" : "lost"}`);
  }
  const key = `reason:${g.reason}`;
  const text = t(key);
  return text === key ? g.reason : text;
}

export function drawCountdown() {
  const el = $("next-daily");
  if (el.hidden || ending.nextDailyAt === null) return;
  const left = (ending.nextDailyAt - Date.now()) / 1000;
  const text = $("next-daily-text");
  text.textContent = left > 0 ? t("countdown", { time: formatCountdown(left) }) : t("newDaily");
  $("next-daily-play").hidden = left > 0;
}

/** Fetches when the next challenge opens, once per page (the end screen counts down to it). */
async function askNextDaily() {
  if (ending.nextDailyAsked) return;
  ending.nextDailyAsked = true;
  try {
    const info = await api.daily();
    ending.nextDailyAt = Date.now() + info.secondsUntilNext * 1000;
  } catch {
    const now = new Date();
    ending.nextDailyAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  }
  drawCountdown();
}

/** A new game of this page's kind: forgets the finished one's countdown and streak. */
export function forgetEnding() {
  ending.nextDailyAsked = false;
  ending.streak = null;
}

/** Short times in tenths of a second, cut not rounded like the score's seconds (0,6 s),
 * long ones as a clock (02:15). */
function shortTime(ms = 0) {
  if (ms >= 60_000) return formatDuration(ms / 1000);
  const tenths = Math.floor(ms / 100);
  return `${Math.floor(tenths / 10)}${lang() === "fr" ? "," : "."}${tenths % 10} s`;
}

function drawPauses(g) {
  const el = $("pauses");
  const c = g.clock || {};
  if (g.status !== "won" || typeof c.pauses !== "number") {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  // Paused time against playing time (the time the score counts), as the server kept them.
  const words = { n: c.pauses, time: shortTime(c.pausedMs), play: shortTime(c.elapsedMs) };
  el.textContent = t(c.pauses === 0 ? "noPause" : c.pauses === 1 ? "pauseOne" : "pauseMany", words);
}

function drawStreak() {
  const g = state.game;
  const el = $("streak");
  if (g.mode !== "daily" || g.status === "playing" || !ending.streak) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.textContent = streakText(ending.streak);
}

export async function refreshStreak() {
  ending.streak = await loadStreak();
  if (state.game) drawStreak();
}

function drawScore(g) {
  const score = $("score");
  if (g.status !== "won" || !g.score) {
    score.hidden = true;
    return;
  }
  score.hidden = false;
  const total = document.createElement("strong");
  total.className = "total";
  total.textContent = t("points", { total: formatNumber(g.score.total) });
  const formula = document.createElement("span");
  formula.className = "formula";
  formula.textContent = t("scoreLine", {
    base: formatNumber(g.score.base),
    perPiece: formatNumber(g.score.perPiece),
    pieces: g.score.pieces,
    seconds: formatNumber(g.score.seconds),
  });
  score.replaceChildren(total, formula);
}

/** The ways on from a finished game: play again, a new game, its leaderboard. */
function drawActions(g) {
  const listed = g.mode !== "practice";
  $("share").hidden = !listed;
  $("new-game").hidden = g.mode === "daily";
  const again = $("play-again");
  again.hidden = g.mode !== "daily";
  const sameDay = Boolean(page.pastDate) || g.date === todayUtc();
  again.textContent = t(sameDay ? "playAgain" : "playToday");
  // Only a day still open has a leaderboard that a better score can still change.
  $("play-again-note").hidden = g.mode !== "daily" || !sameDay || dailyClosed();
  $("play-again-note").textContent = t("playAgainNote");
  $("to-board").hidden = !listed;
  $as("to-board", HTMLAnchorElement).href = g.mode === "daily" ? `leaderboards.html?board=daily&date=${g.date}`
    : "leaderboards.html?board=free";
}

export function drawEnd() {
  const g = state.game;
  const end = $("end");
  if (g.status === "playing") {
    end.hidden = true;
    return;
  }
  const appearing = end.hidden;
  end.hidden = false;
  $("end-title").textContent = resultText(g);
  $("end-reason").textContent = sentence(reasonText(g));
  drawScore(g);
  drawPauses(g);
  drawStreak();
  drawActions(g);
  showAnalyseLink($("analyse-game"), g, state.token, g.mode !== "daily" || dailyClosed());
  $("next-daily").hidden = false;
  askNextDaily();
  drawCountdown();
  drawClaim();
  if (appearing) revealBelowFold(end);
}

export function drawClaim() {
  const g = state.game;
  const won = g.status === "won" && g.mode !== "practice" && g.score;
  const form = $("pseudo-form");
  const rank = $("rank");
  if (!won) {
    form.hidden = true;
    rank.hidden = true;
    return;
  }
  const said = claimText(g);
  form.hidden = said !== null || Boolean(savedPlayer());
  rank.hidden = said === null;
  if (said !== null) rank.textContent = said;
  if ((state.claim && state.claim.status === "provisional") || (g.claimed && !state.claim)) {
    watchClaim(g);
  }
}

/** Asks the server how the game's claim stands until its fair-play verdict is in, so the
 * end screen never keeps saying "provisional" after the claim was held (issue 32, bug 5). */
function watchClaim(g) {
  if (ending.watching === g.id) return;
  ending.watching = g.id;
  let asks = 0;
  const ask = async () => {
    if (ending.watching !== g.id || !state.game || state.game.id !== g.id) return;
    asks += 1;
    try {
      const found = await api.claimStatus(g.id, state.token);
      keepClaim(g, found);
      if (found.status !== "provisional") {
        ending.watching = null;
        return;
      }
    } catch (err) {
      if (err instanceof ApiError && !err.retryable) {
        ending.watching = null;  // never claimed here, or no longer this browser's game
        return;
      }
    }
    if (asks >= VERDICT_ASKS) {
      ending.watching = null;
      keepClaim(g, { ...state.claim, slow: true });
      return;
    }
    setTimeout(ask, VERDICT_WAITS_MS[Math.min(asks, VERDICT_WAITS_MS.length - 1)]);
  };
  setTimeout(ask, VERDICT_WAITS_MS[0]);
}

function keepClaim(g, found) {
  setClaim(found);
  const saved = savedGame(page.storeKey);
  if (saved && saved.id === g.id) saveGame(page.storeKey, { ...saved, claim: found });
  drawClaim();
}

/** What the end screen says of the leaderboard, or null while the pseudonym form asks. */
function claimText(g) {
  if (state.claim) {
    return state.claim.message || claimLine(state.claim);
  }
  if (g.claimed) return t("alreadyClaimed");
  if (!rankable()) {
    return t(g.mode !== "daily" ? "casualGame"
      : page.pastDate ? "replayNotRanked" : "dailyClosedClaim");
  }
  return null;
}

/** A claim's answer: the rank it will take while its fair-play analysis runs, the rank once
 * published, or "under review" with the reasons (worded in the page's language) once held. */
function claimLine(claim) {
  if (claim.status === "held") {
    return t("underReview", { score: formatNumber(claim.score), why: reasonsWords(claim.reasons) });
  }
  const figures = {
    rank: claim.rank,
    board: t(claim.board === "daily" ? "boardDaily" : "boardFree"),
    best: formatNumber(claim.best),
  };
  if (claim.status !== "provisional") return t("rank", figures);
  return `${t("claimPending", figures)} ${t(claim.slow ? "claimSlow" : "claimChecking")}`;
}

/** What a refused claim means, as the end screen says it (undefined: not a refusal). */
function refusal(err) {
  if (!(err instanceof ApiError)) return undefined;
  const known = {
    "already-claimed": "alreadyClaimed", "daily-closed": "dailyClosedClaim",
    "casual-game": "casualGame",
  };
  if (known[err.code]) return { message: t(known[err.code]) };
  // Another player's game, or too many claims today: said as the server says it (a retry
  // cannot help, and the browser's pseudonym is still good).
  if (err.code === "not-your-game" || err.code === "rate-limited") {
    return { message: t("notRanked", { why: err.message }) };
  }
  if (err.status === 401 || err.status === 403) {
    savePlayer(null);
    return null;
  }
  if (err.status === 422) return { message: t("notRanked", { why: err.message }) };
  return undefined;
}

/** Enters the won game on its leaderboard under the browser's pseudonym. */
export async function claim() {
  const player = savedPlayer();
  const g = state.game;
  if (!player || !g) return;
  try {
    setClaim(await api.claim(g.id, state.token, player.token));
  } catch (err) {
    const refused = refusal(err);
    if (refused === undefined) {
      handleFailure(err, claim);
      return;
    }
    setClaim(refused);
  }
  const saved = savedGame(page.storeKey);
  if (saved && saved.id === g.id) saveGame(page.storeKey, { ...saved, claim: state.claim });
  drawClaim();
  if (g.mode === "daily") refreshStreak();
}

/* Refusals of the name itself: any other 4xx refused the won game (already spent, its day
 * closed…), and the network's own allowance may still give the name. */
const NAME_REFUSALS = new Set(["invalid-pseudonym", "reserved-pseudonym", "pseudonym-taken"]);

/** A first pseudonym, with this won game as the browser's allowance (one name per won game,
 * beside the network's), else with the network's allowance alone. */
async function createPlayerWithWin(name) {
  const g = state.game;
  try {
    return await api.createPlayer(name, g?.id, state.token);
  } catch (err) {
    const gameRefused = err instanceof ApiError && err.status >= 400 && err.status < 500
      && !NAME_REFUSALS.has(err.code);
    if (!g || !gameRefused) throw err;
    return api.createPlayer(name);
  }
}

$("pseudo-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $as("pseudo", HTMLInputElement).value.trim();
  $("pseudo-error").textContent = "";
  try {
    const player = await createPlayerWithWin(name);
    savePlayer(player);
    await claim();
  } catch (err) {
    if (err instanceof ApiError && err.code === "pseudonym-taken") {
      $("pseudo-error").textContent = t("pseudoTaken");
    } else if (err instanceof ApiError && err.code === "rate-limited") {
      $("pseudo-error").textContent = t("tooManyPseudonyms");
    } else if (err instanceof ApiError && err.code === "reserved-pseudonym") {
      $("pseudo-error").textContent = t("pseudoReserved");
    } else if (err instanceof ApiError && err.status === 422) {
      $("pseudo-error").textContent = t("pseudoInvalid", { why: err.message });
    } else {
      $("pseudo-error").textContent = t("requestFailed");
    }
  }
});

/** The share sheet on a touch device that has one (a phone), the clipboard elsewhere. */
$("share").addEventListener("click", async () => {
  const text = shareText(state.game, location.origin);
  const done = await shareOrCopy(text);
  if (done === "shared" || done === "copied") hint(t(done));
  else if (done === "failed") hint(t("copyFailed", { text }));
});
