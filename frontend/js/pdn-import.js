// @ts-check
/**
 * The PDN import page: the text (pasted or from a file) goes to the server, which reads it
 * (docs/http-api.md, POST /api/games/pdn/read) and answers every position; the page only
 * draws them. A file of several games offers a choice; from any position the player can play
 * on against the computer, in a new casual game. A file that cannot be read shows the
 * server's message and touches nothing else (the game in progress stays where it was); a
 * file's games that cannot be read are listed as such, with why, and cannot be chosen.
 *
 * Many files do not say which game they hold (no GameType tag): the player names the variant
 * they are read as. A file is decoded as UTF-8, or as Windows-1252 when that fails, as older
 * databases are written.
 */
import { ApiError, api } from "./api.js";
import { BoardView } from "./board.js";
import { cachedVariant, loadVariants } from "./variants.js";
import { drawMoveList, markMoves, onMoveChosen } from "./move-list.js";
import { parseFen } from "./fen.js";
import "./freeplay-words.js";
import { setupLanguageSwitch, t } from "./i18n.js";
import { LEVELS, createFromChoices, loadChoices } from "./newgame-core.js";
import { readTabText, savedGame, writeTabText } from "./store.js";
import { boardHref } from "./analysis-links.js";
import { drawNotes, hasNotes, plyText, variationAt } from "./pdn-notes.js";
import { sharedPdn } from "./share-link.js";
import { $, $as, targetAs, eventElement } from "./dom.js";

/** The server's limit on the text itself (its UTF-8 bytes), as a file's size counts it. */
const MAX_BYTES = 256 * 1024;
const DRAFT_KEY = "importDraft";

/** `text`: the text the shown games were read from; `ply`: the main line's position shown;
 * `side`: a variation shown instead ({path, at}: pdn-notes.js's path, its move shown). */
const view = { text: "", result: null, ply: 0, side: null };
/** The variants the server plays (GET /api/variants), international until it answers. */
let variantNames = ["international"];
const board = new BoardView($("board"), {
  onSquare: () => {}, onDrop: () => {}, onCancel: () => {},
});
board.setInteractive(false);

function detail() {
  return view.result && view.result.game;
}

function drawMoves() {
  const game = detail();
  const variant = cachedVariant(game.variant || "international");
  drawMoveList($("imp-moves"), game.moves.map(plyText), {
    firstMover: parseFen(game.startFen).turn,
    opener: variant ? variant.firstToMove : "white",
  });
  const spans = /** @type {NodeListOf<HTMLElement>} */ (
    $("imp-moves").querySelectorAll(".mv[data-move]"));
  for (const span of spans) {
    span.classList.toggle("noted", hasNotes(game.moves[Number(span.dataset.move) - 1]));
  }
}

/** What the board shows: the position, the move that led there, its notes' path, the text. */
function shown(game) {
  if (view.side) {
    const variation = variationAt(game, view.side.path);
    const ply = variation.moves[view.side.at - 1];
    return {
      fen: ply.fen, ply, path: `${view.side.path}.${view.side.at}`,
      text: t("importVariationAt", { m: plyText(ply), n: view.side.at,
        total: variation.moves.length }),
      last: view.side.at >= variation.moves.length,
    };
  }
  const k = view.ply;
  const ply = k === 0 ? null : game.moves[k - 1];
  return {
    fen: ply ? ply.fen : game.startFen, ply, path: String(k),
    text: game.moves.length === 0 ? t("importNoMoves")
      : k === 0 ? t("reviewStart", { total: game.moves.length })
        : t("reviewAt", { m: plyText(ply), n: k, total: game.moves.length }),
    last: k >= game.moves.length,
  };
}

/** The position shown (after `view.ply` moves, or in a variation), the move that led there
 * outlined, and the file's notes on it. */
function drawPosition() {
  const game = detail();
  const at = shown(game);
  // The game's own board (8×8 or 10×10, its numbering), drawn once the API describes it.
  board.useVariant(game.variant || "international").catch(() => {});
  board.setPosition(parseFen(at.fen).pieces);
  board.setMarks({ last: at.ply ? at.ply.move : null });
  $("imp-text").textContent = at.text;
  $as("imp-prev", HTMLButtonElement).disabled = !view.side && view.ply === 0;
  $as("imp-next", HTMLButtonElement).disabled = at.last;
  $("imp-main").hidden = !view.side;
  const mainPly = view.side ? Number(view.side.path.split(".")[0]) : view.ply;
  markMoves($("imp-moves"), { controls: true, current: mainPly });
  drawNotes($("imp-notes"), { comment: view.ply === 0 ? game.comment : null, ply: at.ply,
    path: at.path });
  $as("imp-board", HTMLAnchorElement).href = boardHref(game.variant, at.fen);
  drawPlayOn(at.fen);
}

function drawPlayOn(fen) {
  const toMove = parseFen(fen).turn;
  const level = $as("play-level", HTMLSelectElement);
  if (!level.options.length) {
    const remembered = loadChoices().level;
    for (const name of LEVELS) {
      const option = new Option(t(`level:${name}`), name, false, name === remembered);
      level.append(option);
    }
  }
  const color = $as("play-color", HTMLSelectElement);
  const chosen = color.dataset.fen === fen ? color.value : toMove;
  color.replaceChildren(...["white", "black"].map((c) => new Option(t(`color:${c}`), c)));
  color.value = chosen;
  color.dataset.fen = fen;
  $("play-on").textContent = t("playFromHere");
  const saved = savedGame("free");
  $("play-on-note").textContent = saved && saved.status === "playing" ? t("importInProgress") : "";
  $("play-on-note").hidden = !$("play-on-note").textContent;
}

/** The variant choice for files that do not say, in the page's language, kept as chosen. */
function drawVariantChoice() {
  const select = $as("pdn-variant", HTMLSelectElement);
  const chosen = select.value || "international";
  select.replaceChildren(...variantNames.map((name) => new Option(t(`variant:${name}`), name)));
  select.value = variantNames.includes(chosen) ? chosen : "international";
}

async function loadVariantNames() {
  try {
    const names = (await loadVariants()).map((v) => v.name);
    if (names.includes("international")) variantNames = names;
  } catch {
    /* international only, as the server reads a file by default */
  }
  drawVariantChoice();
}

/** A game's heading from its tags: the event, then the players. */
function title(game) {
  const tag = (name) => {
    const value = (game.tags[name] || "").trim();
    return value && value !== "?" ? value : "";
  };
  const players = tag("White") && tag("Black") ? `${tag("White")} – ${tag("Black")}` : "";
  return [tag("Event"), players].filter(Boolean).join(" : ") || "PDN";
}

function drawGame() {
  const result = view.result;
  const game = result.game;
  $("import-view").hidden = false;
  $("import-title").textContent = title(game);
  const tags = Object.entries(game.tags).filter(([k]) => k !== "FEN")
    .map(([k, v]) => `${k}: ${v}`);
  if (game.result && game.result !== "*") tags.push(game.result);
  $("import-tags").textContent = tags.join(" · ");
  $("game-pick-row").hidden = result.count < 2;
  $("game-pick-label").textContent = t("importGames", { n: result.count });
  const pick = $as("game-pick", HTMLSelectElement);
  pick.replaceChildren(...result.games.map((g) => {
    if (!g.error) return new Option(`${g.index}. ${title(g)} (${g.result})`, String(g.index));
    const option = new Option(`${g.index}. ${title(g)} — ${t("importUnreadMark")}`,
      String(g.index));
    option.disabled = true;
    option.title = g.error;
    return option;
  }));
  pick.value = String(game.index);
  const unread = result.games.filter((g) => g.error);
  $("unread-games").hidden = unread.length === 0;
  $("unread-summary").textContent = t("importUnread", { n: unread.length });
  $("unread-list").replaceChildren(...unread.map((g) => {
    const li = document.createElement("li");
    li.textContent = g.error;
    return li;
  }));
  drawMoves();
  drawPosition();
}

/** The text's size as the server counts it: its UTF-8 bytes. */
const byteSize = (text) => new TextEncoder().encode(text).length;

/** Reads `text`; without `gameIndex`, the server gives the first game it can read. The games
 * shown change only once the server has read it: a refused text leaves them as they were. */
async function read(text, gameIndex = null) {
  if (byteSize(text) > MAX_BYTES) {
    $("import-error").textContent = t("importFileTooBig");
    return;
  }
  $("import-error").textContent = t("importReading");
  let result;
  try {
    result = await api.readPdn(text, gameIndex, $as("pdn-variant", HTMLSelectElement).value);
  } catch (err) {
    let why = t("requestFailed");
    if (err instanceof ApiError && err.status === 413) why = t("importFileTooBig");
    else if (err instanceof ApiError && !err.retryable) why = err.message;
    $("import-error").textContent = why;
    return;
  }
  Object.assign(view, { text, result, side: null });
  try {
    // The board of the game's variant, as the API describes it, before anything is shown.
    await board.useVariant(detail().variant || "international");
  } catch {
    $("import-error").textContent = t("requestFailed");
    return;
  }
  $("import-error").textContent = "";
  view.ply = detail().moves.length;
  drawGame();
}

/** "Read" reads the text in the box, whatever was read or refused before. */
$("import-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $as("pdn-input", HTMLTextAreaElement).value;
  if (!text.trim()) return;
  writeTabText(DRAFT_KEY, text.slice(0, MAX_BYTES));
  read(text);
});

/** The file's text: UTF-8, unless that leaves undecodable bytes (U+FFFD), then Windows-1252,
 * the encoding of most older PDN databases (accented names). */
async function fileText(file) {
  const bytes = await file.arrayBuffer();
  const text = new TextDecoder("utf-8").decode(bytes);
  return text.includes("\uFFFD") ? new TextDecoder("windows-1252").decode(bytes) : text;
}

/** A chosen file's text goes into the box, so "Read" reads it again, too large or not (a
 * file too large is refused there, before anything is sent, and the box shows what it is). */
$("pdn-file").addEventListener("change", async (e) => {
  const { files } = targetAs(e, HTMLInputElement);
  const file = files && files[0];
  if (!file) return;
  const input = $as("pdn-input", HTMLTextAreaElement);
  input.value = await fileText(file);
  read(input.value);
});

$as("game-pick", HTMLSelectElement).addEventListener(
  "change", (e) => read(view.text, Number(targetAs(e, HTMLSelectElement).value)),
);
// The text in the box is read again as the newly chosen variant.
$as("pdn-variant", HTMLSelectElement).addEventListener("change", () => {
  const text = $as("pdn-input", HTMLTextAreaElement).value;
  if (text.trim()) read(text);
});

function step(to) {
  const game = detail();
  if (!game) return;
  view.side = null;
  view.ply = Math.max(0, Math.min(to, game.moves.length));
  drawPosition();
}

/** One move back or on, in the line shown: out of a variation's first move to where it
 * starts (the move before the one it replaces, in the line holding it). */
function stepBy(delta) {
  if (!view.side) {
    step(view.ply + delta);
    return;
  }
  let { path, at } = view.side;
  at += delta;
  while (at < 1) {
    const steps = path.split(".").map(Number);
    if (steps.length <= 2) {
      step(steps[0] - 1);
      return;
    }
    path = steps.slice(0, -2).join(".");
    at = steps[steps.length - 2] - 1;
  }
  view.side = { path, at: Math.min(at, variationAt(detail(), path).moves.length) };
  drawPosition();
}

$("imp-prev").addEventListener("click", () => stepBy(-1));
$("imp-next").addEventListener("click", () => stepBy(1));
$("imp-main").addEventListener("click", () => step(Number(view.side.path.split(".")[0])));
$("imp-notes").addEventListener("click", (e) => {
  const button = /** @type {HTMLElement | null} */ (eventElement(e).closest(".var-move"));
  if (!button) return;
  view.side = { path: button.dataset.var, at: Number(button.dataset.at) };
  drawPosition();
});
onMoveChosen($("imp-moves"), step);
/** ← → step through the game, Home and End jump to its start and its end. */
const KEY_STEPS = {
  ArrowLeft: (ply) => ply - 1, ArrowRight: (ply) => ply + 1, Home: () => 0, End: () => Infinity,
};
document.addEventListener("keydown", (e) => {
  const to = KEY_STEPS[e.key];
  if (!to || !detail() || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (eventElement(e).closest?.("input, textarea, select, #board")) return;
  if (view.side && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
    stepBy(e.key === "ArrowLeft" ? -1 : 1);
  } else {
    step(to(view.ply));
  }
  e.preventDefault();
});

$("play-on").addEventListener("click", async () => {
  const game = detail();
  if (!game) return;
  const fen = view.ply === 0 ? game.startFen : game.moves[view.ply - 1].fen;
  const choices = {
    opponent: "computer", level: $as("play-level", HTMLSelectElement).value, color: $as("play-color", HTMLSelectElement).value,
    variant: game.variant,
  };
  $as("play-on", HTMLButtonElement).disabled = true;
  $("play-on-error").textContent = t("starting");
  try {
    location.href = await createFromChoices(choices, { fen });
  } catch (err) {
    const why = err instanceof ApiError && !err.retryable ? err.message : t("requestFailed");
    $("play-on-error").textContent = t("startFailed", { why });
    $as("play-on", HTMLButtonElement).disabled = false;
  }
});

setupLanguageSwitch(() => {
  drawVariantChoice();
  if (detail()) drawGame();
});
drawVariantChoice();
loadVariantNames();
// A shared game's link (share-link.js) opens that game at once, read-only; otherwise the
// tab's draft comes back into the box.
const linked = sharedPdn(location.hash);
const draft = linked || readTabText(DRAFT_KEY);
if (draft) $as("pdn-input", HTMLTextAreaElement).value = draft;
if (linked) read(linked);
