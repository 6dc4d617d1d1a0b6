// @ts-check
/**
 * The stats page beyond wins, draws and losses: the player's finished games (this browser's
 * list first, then, on request, every game the server keeps under their pseudonym), the
 * results by opening (the first move of each side), and the score's trend month by month.
 * A win counts 1, a draw ½ (the score as a percentage of the games).
 */
import { api } from "./api.js";
import { tokenFor, analysisHref } from "./analysis-links.js";
import { addWords, formatDate, formatNumber, t, tn } from "./i18n.js";
import { archived, archivedGames } from "./stats-store.js";
import { savedPlayer } from "./store.js";
import { $, $as } from "./dom.js";

addWords({
  fr: {
    "archiveEmpty": "Aucune partie terminée dans ce navigateur pour l'instant.",
    "archiveShown:one": "{n} partie",
    "archiveShown:other": "{n} parties",
    archiveLoading: "Lecture de vos parties sur le serveur…",
    archiveLoaded: "Parties du serveur ajoutées.",
    archiveFailed: "Le serveur n'a pas pu donner vos parties ({why}).",
    archiveNoPlayer: "Choisissez un pseudonyme (en gagnant une partie) pour retrouver vos parties sur tout appareil.",
    "outcome:win": "Gagnée",
    "outcome:draw": "Nulle",
    "outcome:loss": "Perdue",
    archiveReview: "Analyser",
    openingNone: "(aucun coup)",
    trendRow: "{score} % sur {games}",
  },
  en: {
    "archiveEmpty": "No finished game in this browser yet.",
    "archiveShown:one": "{n} game",
    "archiveShown:other": "{n} games",
    archiveLoading: "Reading your games from the server…",
    archiveLoaded: "The server's games were added.",
    archiveFailed: "The server could not give your games ({why}).",
    archiveNoPlayer: "Choose a pseudonym (by winning a game) to find your games on any device.",
    "outcome:win": "Won",
    "outcome:draw": "Drawn",
    "outcome:loss": "Lost",
    archiveReview: "Analyse",
    openingNone: "(no move)",
    trendRow: "{score} % over {games}",
  },
});

/** Pages read from the server at most (50 games each): the list stays bounded. */
const MAX_PAGES = 6;

/** @type {Map<string, import("./stats-store.js").ArchivedGame>} the server's, by id */
const fromServer = new Map();

/** @returns {import("./stats-store.js").ArchivedGame[]} this browser's and the server's, newest first */
function allGames() {
  const byId = new Map(fromServer);
  for (const game of archivedGames()) byId.set(game.id, game);
  return [...byId.values()].sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
}

function cell(text, className = "") {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

/** @param {number} points @param {number} games */
const percent = (points, games) => formatNumber(Math.round((100 * points) / games));
const POINTS = { win: 1, draw: 0.5, loss: 0 };

function drawList(games) {
  $("archive-count").textContent = games.length ? tn("archiveShown", games.length) : "";
  $("archive-empty").hidden = games.length > 0;
  $("archive-empty").textContent = t("archiveEmpty");
  $("archive-table").hidden = games.length === 0;
  $("archive-body").replaceChildren(...games.map((game) => {
    const tr = document.createElement("tr");
    tr.dataset.id = game.id;
    const who = game.mode === "duo" ? t("statsDuo") : t(`level:${game.level}`);
    const review = document.createElement("td");
    if (tokenFor(game.id)) {
      const link = document.createElement("a");
      link.href = analysisHref(game.id);
      link.textContent = t("archiveReview");
      review.append(link);
    }
    tr.append(cell(formatDate(game.finishedAt.slice(0, 10))), cell(who),
      cell(t(`color:${game.playerColor}`)), cell(t(`outcome:${game.outcome}`), game.outcome),
      cell(game.opening.join(" ") || t("openingNone")), review);
    return tr;
  }));
}

/** Rows of `games` grouped by `keyOf`: [key, {win, draw, loss, points, games}], most played first. */
function grouped(games, keyOf) {
  /** @type {Map<string, {win: number, draw: number, loss: number, points: number, games: number}>} */
  const groups = new Map();
  for (const game of games) {
    const key = keyOf(game);
    const row = groups.get(key) || { win: 0, draw: 0, loss: 0, points: 0, games: 0 };
    row[game.outcome] += 1;
    row.points += POINTS[game.outcome];
    row.games += 1;
    groups.set(key, row);
  }
  return [...groups.entries()];
}

function drawOpenings(games) {
  // Openings are compared from the usual start: a game set up from a position has none here.
  const rows = grouped(games.filter((g) => g.opening.length > 0), (g) => g.opening.join(" "))
    .sort((a, b) => b[1].games - a[1].games || a[0].localeCompare(b[0]));
  $("openings-table").hidden = rows.length === 0;
  $("openings-body").replaceChildren(...rows.map(([opening, row]) => {
    const tr = document.createElement("tr");
    tr.dataset.opening = opening;
    tr.append(cell(opening), cell(String(row.win), "win"), cell(String(row.draw), "draw"),
      cell(String(row.loss), "loss"), cell(`${percent(row.points, row.games)} %`));
    return tr;
  }));
}

function drawTrend(games) {
  const rows = grouped(games, (g) => g.finishedAt.slice(0, 7)).sort((a, b) => a[0].localeCompare(b[0]));
  $("trend-list").hidden = rows.length === 0;
  $("trend-list").replaceChildren(...rows.map(([month, row]) => {
    const li = document.createElement("li");
    li.dataset.month = month;
    const name = document.createElement("span");
    name.className = "trend-month";
    name.textContent = new Intl.DateTimeFormat(document.documentElement.lang === "en" ? "en-GB" : "fr-FR",
      { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
    const bar = document.createElement("span");
    bar.className = "trend-bar";
    bar.style.setProperty("--score", String(row.points / row.games));
    const words = document.createElement("span");
    words.className = "trend-score";
    words.textContent = t("trendRow", {
      score: percent(row.points, row.games), games: tn("archiveShown", row.games),
    });
    li.append(name, bar, words);
    return li;
  }));
}

/** Draws the archive, the openings and the trend from this browser's and the server's games. */
export function drawArchive() {
  const games = allGames();
  drawList(games);
  drawOpenings(games);
  drawTrend(games);
  $("archive-server").hidden = false;
  $("archive-note").textContent = savedPlayer() ? "" : t("archiveNoPlayer");
  $as("archive-server", HTMLButtonElement).disabled = !savedPlayer();
}

/** Reads the player's games from the server, a page at a time (at most `MAX_PAGES`). */
async function loadFromServer() {
  const player = savedPlayer();
  if (!player) return;
  $("archive-status").textContent = t("archiveLoading");
  try {
    let after = null;
    for (let pageNo = 0; pageNo < MAX_PAGES; pageNo += 1) {
      const page = await api.myGames(player.token, after);
      for (const game of page.games) fromServer.set(game.id, archived(game));
      after = page.next;
      if (!after) break;
    }
    $("archive-status").textContent = t("archiveLoaded");
  } catch (err) {
    $("archive-status").textContent = t("archiveFailed", { why: err.message || String(err) });
  }
  drawArchive();
}

$("archive-server").addEventListener("click", () => {
  loadFromServer();
});
