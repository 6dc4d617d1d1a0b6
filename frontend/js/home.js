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

function draw() {
  $("daily-date").textContent = t("modeDaily", { date: formatDate(date) });
  const left = (deadline - Date.now()) / 1000;
  $("countdown").textContent = left > 0 ? t("countdown", { time: formatDuration(left) })
    : t("newDaily");
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
