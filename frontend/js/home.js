/**
 * Home page: today's challenge with a countdown to the next one (from /api/daily, or counted
 * to the next UTC midnight if the API does not answer), and links to resume games in progress.
 */
import { api } from "./api.js";
import { formatDate, formatDuration, setupLanguageSwitch, t } from "./i18n.js";
import { savedGame } from "./store.js";

const $ = (id) => document.getElementById(id);
let date = new Date().toISOString().slice(0, 10);
let deadline = nextUtcMidnight();

function nextUtcMidnight() {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}

function draw() {
  $("daily-date").textContent = t("modeDaily", { date: formatDate(date) });
  const left = (deadline - Date.now()) / 1000;
  $("countdown").textContent = left > 0 ? t("countdown", { time: formatDuration(left) })
    : t("newDaily");
  for (const mode of ["daily", "free"]) {
    const saved = savedGame(mode);
    const link = $(`play-${mode}`);
    const resuming = saved && (mode === "free" || saved.date === date);
    link.title = resuming ? t("resume") : "";
  }
}

async function refresh() {
  try {
    const info = await api.daily();
    date = info.date;
    deadline = Date.now() + info.secondsUntilNext * 1000;
  } catch {
    date = new Date().toISOString().slice(0, 10);
    deadline = nextUtcMidnight();
  }
  draw();
}

setupLanguageSwitch(draw);
draw();
refresh();
setInterval(() => {
  if (deadline - Date.now() < -2000) refresh();
  draw();
}, 1000);
