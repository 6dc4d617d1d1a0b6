// @ts-check
/**
 * Home page: today's challenge with a countdown to the next one (from /api/daily, or counted
 * to the next UTC midnight if the API does not answer), the player's daily streak, and links
 * to resume games in progress.
 */
import { api } from "./api.js";
import { formatCountdown, formatDate, lang, setupLanguageSwitch, t } from "./i18n.js";
import { savedGame } from "./store.js";
import { loadStreak, streakText } from "./streak.js";
import { $ } from "./dom.js";

let date = new Date().toISOString().slice(0, 10);
let deadline = nextUtcMidnight();
let streak = null;
let yesterday = null; // {date, seed, revealsAt, aiVersion} of /api/daily; seed null until the close
let revealRetry = 0;

function nextUtcMidnight() {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}

/** The French/English spans the page was written with, restored when nothing is resumed. */
const staticLabels = {
  daily: [...$("play-daily").childNodes],
  free: [...$("play-free").childNodes],
};

/** Which label the play button takes for a game kept in the browser, if any. */
function resumeKey(mode, saved) {
  if (!saved) return null;
  if (mode === "daily") {
    if (saved.date !== date) return null;
    return saved.status && saved.status !== "playing" ? "seeDaily" : "resumeDaily";
  }
  return saved.status === "playing" || !saved.status ? "resumeFree" : null;
}

/** When yesterday's seed is not out yet but its reveal time has come, ask again (not forever:
 * a day without a challenge never gets a seed). */
function revealDue() {
  if (!yesterday || yesterday.seed || !yesterday.revealsAt) return false;
  const at = Date.parse(yesterday.revealsAt);
  const now = Date.now();
  return now >= at && now < at + 120000 && now >= revealRetry;
}

/** Yesterday's seed once revealed, what it proves and the command that checks it; before the
 * reveal, when it comes. Hidden when there was no challenge yesterday or the API is silent. */
function drawYesterday() {
  const day = yesterday;
  const revealsAt = day && day.revealsAt ? Date.parse(day.revealsAt) : NaN;
  const pending = Boolean(day && !day.seed && revealsAt > Date.now() - 120000);
  $("yesterday").hidden = !day || !(day.seed || pending);
  if ($("yesterday").hidden) return;
  const when = formatDate(day.date);
  $("yesterday-proof").hidden = !day.seed;
  if (!day.seed) {
    const time = new Intl.DateTimeFormat(lang() === "en" ? "en-GB" : "fr-FR", {
      hour: "2-digit", minute: "2-digit",
    }).format(new Date(revealsAt));
    $("yesterday-seed").textContent = t("yesterdayPending", { date: when, time });
    return;
  }
  $("yesterday-seed").textContent = t("yesterdaySeed", { date: when, seed: day.seed });
  // One unbreakable span per word: a narrow screen wraps between words, never inside "--seed".
  const words = t("verifyCommand", { seed: day.seed }).split(" ").map((word) => {
    const span = document.createElement("span");
    span.textContent = word;
    span.style.whiteSpace = "nowrap";
    return span;
  });
  $("yesterday-command").replaceChildren(...words.flatMap((span, i) => (i ? [" ", span] : [span])));
  $("yesterday-how").textContent = day.aiVersion
    ? t("verifyHowVersion", { version: day.aiVersion }) : t("verifyHow");
}

function draw() {
  $("daily-date").textContent = t("modeDaily", { date: formatDate(date) });
  const left = (deadline - Date.now()) / 1000;
  $("countdown").textContent = left > 0 ? t("countdown", { time: formatCountdown(left) })
    : t("newDaily");
  if (streak) {
    $("streak-text").textContent = streakText(streak);
    $("streak").hidden = false;
    $("streak").classList.toggle("on", streak.current > 0);
  }
  drawYesterday();
  for (const mode of ["daily", "free"]) {
    const key = resumeKey(mode, savedGame(mode));
    const link = $(`play-${mode}`);
    if (key) link.textContent = t(key);
    else if (!link.querySelector("[lang]")) link.replaceChildren(...staticLabels[mode]);
  }
}

async function refresh() {
  try {
    const info = await api.daily();
    date = info.date;
    deadline = Date.now() + info.secondsUntilNext * 1000;
    yesterday = info.yesterday && info.yesterday.date ? info.yesterday : null;
  } catch {
    date = new Date().toISOString().slice(0, 10);
    deadline = nextUtcMidnight();
  }
  draw();
}

async function refreshStreak() {
  streak = await loadStreak();
  draw();
}

setupLanguageSwitch(draw);
draw();
refresh();
refreshStreak();
setInterval(() => {
  if (deadline - Date.now() < -2000) refresh();
  else if (revealDue()) {
    revealRetry = Date.now() + 15000;
    refresh();
  }
  draw();
}, 1000);
