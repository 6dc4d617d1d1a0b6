/**
 * Leaderboards: the daily challenge of a chosen date, or free play. The player's own row is
 * highlighted when the browser holds their pseudonym token.
 */
import { api } from "./api.js";
import {
  formatDate, formatDuration, formatNumber, setupLanguageSwitch, t,
} from "./i18n.js";
import { savedPlayer } from "./store.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const board = params.get("board") === "free" ? "free" : "daily";
const today = new Date().toISOString().slice(0, 10);
const dateParam = params.get("date");
let date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : today;
let data = null;

function draw() {
  const active = $(board === "daily" ? "tab-daily" : "tab-free");
  const other = $(board === "daily" ? "tab-free" : "tab-daily");
  active.setAttribute("aria-current", "page");
  other.removeAttribute("aria-current");
  $("date-form").hidden = board !== "daily";
  $("date").value = date;
  $("lb-caption").textContent = board === "daily" ? t("modeDaily", { date: formatDate(date) })
    : t("modeFree");
  const body = $("lb-body");
  body.textContent = "";
  if (!data) return;
  const me = savedPlayer();
  for (const entry of data.entries) {
    const tr = document.createElement("tr");
    const mine = me && entry.pseudonym === me.pseudonym;
    if (mine) tr.className = "me";
    const cells = [
      String(entry.rank), entry.pseudonym, formatNumber(entry.score), String(entry.pieces),
      formatDuration(entry.seconds),
    ];
    cells.forEach((text, i) => {
      const td = document.createElement("td");
      td.textContent = text;
      if (i === 1) td.className = "pseudo-cell";
      tr.append(td);
    });
    body.append(tr);
  }
  $("lb-status").textContent = data.entries.length ? "" : t("empty");
  $("lb-me").textContent = data.me && me
    ? `${me.pseudonym} (${t("you")}) : ${data.me.rank} — ${formatNumber(data.me.score)}` : "";
}

async function load() {
  $("lb-error").hidden = true;
  $("lb-status").textContent = t("loading");
  const player = savedPlayer();
  try {
    data = await api.leaderboard(board, date, player ? player.token : undefined);
  } catch {
    data = null;
    $("lb-error").hidden = false;
    $("lb-status").textContent = "";
  }
  draw();
}

$("date-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const value = $("date").value;
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
