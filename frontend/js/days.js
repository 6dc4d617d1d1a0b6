// @ts-check
/**
 * Past challenges: the last 30 closed days from GET /api/daily/days, each with a link to play
 * it (unranked: the server knows the day has closed) and a link to that day's leaderboard.
 * The list comes from the server, so a day whose seed is not yet revealed never shows.
 */
import { ApiError, api } from "./api.js";
import { formatDate, setupLanguageSwitch, t } from "./i18n.js";
import { $ } from "./dom.js";

let days = null;

/** The list, or an ApiError whose `retryable` says whether trying again can help. */
async function fetchDays() {
  const data = await api.days();
  if (!data || !Array.isArray(data.days)) throw new ApiError(200, "bad-answer", "no list of days");
  return data.days.filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day.date));
}

function link(className, href, text, hidden) {
  const a = document.createElement("a");
  a.className = className;
  a.href = href;
  a.append(text);
  const more = document.createElement("span");
  more.className = "sr-only";
  more.textContent = ` ${hidden}`;
  a.append(more);
  return a;
}

function draw() {
  const list = $("days");
  list.textContent = "";
  if (!days) return;
  $("days-status").textContent = days.length ? "" : t("pastEmpty");
  for (const day of days) {
    const date = formatDate(day.date);
    const item = document.createElement("li");
    item.className = "day";
    const title = document.createElement("h2");
    title.className = "day-date";
    title.textContent = date;
    const actions = document.createElement("div");
    actions.className = "day-actions";
    const query = encodeURIComponent(day.date);
    actions.append(
      link("button primary", `play.html?mode=daily&date=${query}`, t("pastPlay"),
        t("pastPlayLabel", { date })),
      link("button", `leaderboards.html?board=daily&date=${query}`, t("pastBoard"),
        t("pastBoardLabel", { date })),
    );
    item.append(title, actions);
    if (day.seed) {
      const seed = document.createElement("p");
      seed.className = "day-seed";
      seed.textContent = t("pastSeed", { seed: day.seed });
      item.append(seed);
    }
    list.append(item);
  }
}

async function load() {
  $("days-error").hidden = true;
  $("days-status").textContent = t("loading");
  try {
    days = await fetchDays();
  } catch (err) {
    days = null;
    $("days-status").textContent = "";
    $("days-error-text").textContent = t("pastFailed");
    $("days-retry").hidden = !err.retryable;
    $("days-error").hidden = false;
  }
  draw();
}

$("days-retry").addEventListener("click", load);
setupLanguageSwitch(() => {
  draw();
  if (!$("days-error").hidden) $("days-error-text").textContent = t("pastFailed");
});
load();
