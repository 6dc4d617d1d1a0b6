// @ts-check
/**
 * The analysis board's position editor: men and kings of either colour placed and removed by
 * touch, click or keyboard (the board's own cursor and Enter), the side to move, the variant,
 * an empty board or the start position. It knows no rule: "analyse this position" sends the
 * set-up to the server, which names every fault (dames.setup) and the editor shows them in
 * the page's language, leaving the set-up as it was so the player can mend it.
 */
import "./analysis-words.js";
import "./freeplay-words.js";
import { formatFen, parseFen } from "./fen.js";
import { formatList, sentence, t, tn } from "./i18n.js";
import { cachedVariant } from "./variants.js";
import { $, $as, targetAs } from "./dom.js";

/** @param {string} name */
const checkedInput = (name) => /** @type {HTMLInputElement} */ (
  document.querySelector(`input[name="${name}"]:checked`));
const checked = (name) => checkedInput(name).value;

/** How many pieces a side starts with in `variant` (the most it may have), if known. */
function mostPieces(variant) {
  const description = cachedVariant(variant);
  return description ? parseFen(description.startFen).pieces.size / 2 : "";
}

/**
 * One fault of a set-up of `variant` (POST /api/games/position/analyse's `problems`), in
 * the page's words: "square 3", "squares 1, 2 and 3" as the language lists them.
 * @param {{code: string, message?: string, color?: string, squares?: number[]}} problem
 * @param {string} variant
 * @returns {string}
 */
export function problemText(problem, variant) {
  const color = problem.color || "white";
  const squares = problem.squares || [];
  return t(`setup:${problem.code}`, {
    detail: problem.message,
    color: t(`colorOne:${color}`),
    colorPlural: t(`colorMany:${color}`),
    squares: tn("squareList", squares.length, { list: formatList(squares.map(String)) }),
    most: mostPieces(variant),
  });
}

/**
 * Every square a refusal names, to mark them on the board.
 * @param {{squares?: number[]}[]} problems
 * @returns {Set<number>}
 */
export function faultySquares(problems) {
  return new Set(problems.flatMap((p) => p.squares || []));
}

const edit = { open: false, variant: "international", pieces: new Map() };
/** The page's side (setupEditor): its board, its status line, its variants, its request. */
let page = null;

function draw(faulty = new Set()) {
  page.board.setPosition(edit.pieces);
  page.board.setMarks({ faulty });
}

/** The variant choice in the page's language. */
export function drawEditorVariants() {
  const select = $as("ed-variant", HTMLSelectElement);
  select.replaceChildren(...page.variantNames().map((n) => new Option(t(`variant:${n}`), n)));
  select.value = edit.variant;
}

async function useVariant(name) {
  const description = await page.board.useVariant(name);
  edit.variant = name;
  return description;
}

function setTurn(turn) {
  /** @type {HTMLInputElement} */ (
    document.querySelector(`input[name="ed-turn"][value="${turn}"]`)).checked = true;
}

export function editorIsOpen() {
  return edit.open;
}

/** Opens the editor on `fen` of `variant`. */
export async function openEditor(variant, fen) {
  edit.open = true;
  await useVariant(variant);
  const position = parseFen(fen);
  edit.pieces = new Map(position.pieces);
  setTurn(position.turn);
  drawEditorVariants();
  $("ed-problems").textContent = "";
  $("ab-editor").hidden = false;
  document.body.classList.add("editing");
  page.board.setInteractive(true);
  draw();
  page.say(t("editing"));
  checkedInput("ed-piece").focus();
}

function close() {
  edit.open = false;
  $("ab-editor").hidden = true;
  document.body.classList.remove("editing");
  page.closed();
}

/** A touch on a square: the chosen piece goes there, or the square empties when it
 * already holds that piece (or the eraser is chosen). */
export function editorTouch(square) {
  const wanted = checked("ed-piece");
  if (wanted === "empty" || edit.pieces.get(square) === wanted) {
    edit.pieces.delete(square);
    page.say(t("editRemoved", { sq: square }));
  } else {
    edit.pieces.set(square, wanted);
    page.say(t("editPlaced", { piece: t(`piece:${wanted}`), sq: square }));
  }
  $("ed-problems").textContent = "";
  draw();
}

async function startPosition() {
  const description = await useVariant(edit.variant);
  const position = parseFen(description.startFen);
  edit.pieces = new Map(position.pieces);
  setTurn(position.turn);
  draw();
}

function showProblems(problems) {
  const list = document.createElement("ul");
  for (const problem of problems) {
    const li = document.createElement("li");
    li.textContent = sentence(problemText(problem, edit.variant));
    list.append(li);
  }
  const head = document.createElement("p");
  head.textContent = t("setupRefused");
  $("ed-problems").replaceChildren(head, list);
  draw(faultySquares(problems));
}

async function done() {
  const fen = formatFen(checked("ed-turn"), edit.pieces);
  $as("ed-done", HTMLButtonElement).disabled = true;
  try {
    const problems = await page.analyse(edit.variant, fen);
    if (problems) showProblems(problems);
    else close();
  } finally {
    $as("ed-done", HTMLButtonElement).disabled = false;
  }
}

/**
 * @param {{board: import("./board.js").BoardView, say: (text: string) => void,
 *   variantNames: () => string[],
 *   analyse: (variant: string, fen: string) => Promise<object[]|null>,
 *   closed: () => void}} onPage  `analyse` resolves with the server's problems (null: accepted)
 */
export function setupEditor(onPage) {
  page = onPage;
  $("ed-clear").addEventListener("click", () => {
    edit.pieces = new Map();
    draw();
  });
  $("ed-start").addEventListener("click", () => startPosition().catch(() => {}));
  $as("ed-variant", HTMLSelectElement).addEventListener("change", (e) => {
    edit.variant = targetAs(e, HTMLSelectElement).value;
    startPosition().catch(() => {});
  });
  $("ed-done").addEventListener("click", () => done());
  $("ed-cancel").addEventListener("click", () => close());
}
