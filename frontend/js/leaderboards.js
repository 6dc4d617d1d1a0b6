// @ts-check
/**
 * Leaderboards: the daily challenge of a chosen date, or free play. The board itself is the
 * public answer CloudFront caches for everyone; the player's own rank is a separate personal
 * request (never cached) made only when the browser holds their pseudonym token, so a failure
 * there loses only the "you" line, never the board.
 */
import { ApiError, api } from "./api.js";
import { reasonsWords } from "./fairplay-words.js";
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
let pending = null;
let review = null;
let reporting = null;
let loads = 0;

/** The player's own half of this board: { me, pending, underReview } (each null when
 * absent), or null when the request failed. */
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

/** The small button beside another player's entry that reports it to the moderators. */
function reportButton(entry) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button report-entry";
  button.textContent = "⚑";
  button.title = t("report");
  button.setAttribute("aria-label", t("reportLabel", { name: entry.pseudonym }));
  button.addEventListener("click", () => askReport(entry));
  return button;
}

function askReport(entry) {
  if (!savedPlayer()) {
    $("report-status").textContent = t("reportNeedsName");
    return;
  }
  reporting = { pseudonym: entry.pseudonym, board, date };
  $("report-ask").textContent = t("reportAsk", { name: entry.pseudonym });
  $("report-status").textContent = "";
  const dialog = $as("report-dialog", HTMLDialogElement);
  dialog.returnValue = "";
  dialog.showModal();
}

/** Sends the report the dialog was opened for; the answer says only that it was received. */
async function sendReport(kind) {
  const player = savedPlayer();
  const target = reporting;
  reporting = null;
  if (!player || !target) return;
  try {
    await api.report(target.board, target.date, target.pseudonym, kind, player.token);
    $("report-status").textContent = t("reportDone");
  } catch (err) {
    const key = err instanceof ApiError ? `reportRefused:${err.code}` : "";
    const said = key ? t(key) : key;
    $("report-status").textContent = said && said !== key ? said : t("reportFailed");
  }
}

/** The player's own lines under the board: public rank, a win still being analysed (with the
 * rank it will take), a held win (with its reasons, in this page's language). */
function drawMine(me) {
  const box = $("lb-me");
  if (mine) {
    box.textContent = t("myRank", {
      name: me.pseudonym, rank: mine.rank, score: formatNumber(mine.score),
    });
  }
  if (pending) {
    const line = document.createElement("p");
    line.className = "pending-line";
    line.textContent = t("pendingLine", {
      score: formatNumber(pending.score), rank: pending.rank,
    });
    box.append(line);
  }
  if (review) {
    const line = document.createElement("p");
    line.className = "under-review";
    line.textContent = t("underReview", {
      score: formatNumber(review.score), why: reasonsWords(review.reasons),
    });
    box.append(line);
  }
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
      if (i === 1 && !(me && entry.pseudonym === me.pseudonym)) td.append(reportButton(entry));
      tr.append(td);
    });
    tr.append(timeCell(entry));
    body.append(tr);
  }
  $("lb-pauses-note").hidden = !data.entries.some((entry) => entry.pauses > 0);
  $("lb-status").textContent = "";
  if (!data.entries.length) body.append(emptyRow());
  if (me) drawMine(me);
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
  pending = own ? own.pending || null : null;
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
$("report-dialog").addEventListener("close", () => {
  const dialog = $as("report-dialog", HTMLDialogElement);
  const kind = new FormData($as("report-form", HTMLFormElement)).get("kind") || "other";
  if (dialog.returnValue === "send") sendReport(String(kind));
  else reporting = null;
});
setupLanguageSwitch(draw);
draw();
load();
