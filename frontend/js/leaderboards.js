// @ts-check
/**
 * Leaderboards: the daily challenge of a chosen date, or free play. The board itself is the
 * public answer CloudFront caches for everyone; the player's own rank is a separate personal
 * request (never cached) made only when the browser holds their pseudonym token, so a failure
 * there loses only the "you" line, never the board.
 */
import { api } from "./api.js";
import {
  formatDate, formatDuration, formatNumber, setupLanguageSwitch, t, tn,
} from "./i18n.js";
import { savedPlayer } from "./store.js";
import { $, $as } from "./dom.js";

const params = new URLSearchParams(location.search);
const board = params.get("board") === "free" ? "free" : "daily";
const today = new Date().toISOString().slice(0, 10);
const dateParam = params.get("date");
let date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : today;
let data = null;
let mine = null;
let review = null;
let loads = 0;

/** The player's own half of this board: { me, underReview } (each null when absent), or
 * null when the request failed. */
async function fetchMyRank(token) {
  try {
    return await api.myRank(board, date, token);
  } catch {
    return null;
  }
}

/** The time cell: the time counted in the score, then the pauses the clock credited. */
function timeCell(entry) {
  const td = document.createElement("td");
  td.textContent = formatDuration(entry.seconds);
  if (entry.pauses > 0) {
    const pauses = document.createElement("small");
    pauses.className = "note";
    const detail = tn("pausesDetail", entry.pauses, {
      time: formatDuration(Math.round(entry.pausedMs / 1000)),
    });
    pauses.title = detail;
    pauses.setAttribute("aria-label", detail);
    // Paused time beside the time played (the line above): both in sight, as the server kept them.
    pauses.textContent = t("pausesShort", {
      n: entry.pauses, time: formatDuration(Math.round(entry.pausedMs / 1000)),
    });
    td.append(document.createElement("br"), pauses);
  }
  return td;
}

/** "provisional" beside an entry whose fair-play analysis has not ended (docs/http-api.md). */
function provisionalMark() {
  const mark = document.createElement("small");
  mark.className = "provisional";
  mark.textContent = t("provisional");
  mark.title = t("provisionalNote");
  return mark;
}

/** "Nobody has scored here yet", under the board's heading, across the table. */
function emptyRow() {
  const tr = document.createElement("tr");
  const td = document.createElement("td");
  td.colSpan = $as("ranking", HTMLTableElement).tHead.rows[0].cells.length;
  td.className = "empty-row";
  td.textContent = t("empty");
  tr.append(td);
  return tr;
}

function draw() {
  const active = $(board === "daily" ? "tab-daily" : "tab-free");
  const other = $(board === "daily" ? "tab-free" : "tab-daily");
  active.setAttribute("aria-current", "page");
  other.removeAttribute("aria-current");
  $("date-form").hidden = board !== "daily";
  $as("date", HTMLInputElement).value = date;
  $("lb-caption").textContent = board === "daily" ? t("modeDaily", { date: formatDate(date) })
    : t("modeFree");
  const body = $("lb-body");
  body.textContent = "";
  $("lb-pauses-note").hidden = true;
  $("lb-me").textContent = "";
  if (!data) return;
  const me = savedPlayer();
  for (const entry of data.entries) {
    const tr = document.createElement("tr");
    if (me && entry.pseudonym === me.pseudonym) tr.className = "me";
    const cells = [String(entry.rank), entry.pseudonym, formatNumber(entry.score),
      String(entry.pieces)];
    cells.forEach((text, i) => {
      const td = document.createElement("td");
      td.textContent = text;
      if (i === 1) td.className = "pseudo-cell";
      if (i === 1 && entry.provisional) td.append(" ", provisionalMark());
      tr.append(td);
    });
    tr.append(timeCell(entry));
    body.append(tr);
  }
  $("lb-pauses-note").hidden = !data.entries.some((entry) => entry.pauses > 0);
  $("lb-status").textContent = "";
  if (!data.entries.length) body.append(emptyRow());
  if (mine && me) {
    $("lb-me").textContent = t("myRank", {
      name: me.pseudonym, rank: mine.rank, score: formatNumber(mine.score),
    });
  }
  if (review && me) {
    const line = document.createElement("p");
    line.className = "under-review";
    line.textContent = t("underReview", {
      score: formatNumber(review.score), why: review.reasons.join(" "),
    });
    $("lb-me").append(line);
  }
}

async function load() {
  const current = ++loads;
  $("lb-error").hidden = true;
  $("lb-status").textContent = t("loading");
  const player = savedPlayer();
  const personal = player ? fetchMyRank(player.token) : Promise.resolve(null);
  let answer = null;
  try {
    answer = await api.leaderboard(board, date);
  } catch {
    answer = null;
  }
  const own = await personal;
  if (current !== loads) return; // a newer date was asked for meanwhile
  data = answer;
  mine = own ? own.me : null;
  review = own ? own.underReview || null : null;
  if (!data) {
    $("lb-error").hidden = false;
    $("lb-status").textContent = "";
  }
  draw();
}

$("date-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const value = $as("date", HTMLInputElement).value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    date = value;
    history.replaceState(null, "", `?board=daily&date=${date}`);
    load();
  }
});
$("lb-retry").addEventListener("click", load);
setupLanguageSwitch(draw);
draw();
load();
