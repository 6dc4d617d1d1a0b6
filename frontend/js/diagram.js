// @ts-check
/**
 * Small board diagrams for the rules pages, drawn as SVG from a FEN.
 *
 *   <div class="board-diagram" data-variant="english" data-fen="B:W10,11,17:B7"
 *        data-arrows="7x16 7x14x21" data-wrong="7x14" data-highlight="10" data-numbers></div>
 *
 * - data-variant: a name of GET /api/variants (international when absent). Which squares play,
 *   their numbers and where they sit come from that answer, never from this file, so a
 *   diagram shows each federation's board exactly as the server numbers it.
 * - data-fen: the position (PDN FEN; kings prefixed K).
 * - data-arrows: moves shown, as paths (32x23x14, 18-22) separated by spaces.
 * - data-wrong: moves the rule forbids, drawn dashed in red with a cross at the end.
 * - data-highlight: squares ringed (landing squares, a piece that matters).
 * - data-numbers: present = every playing square shows its number.
 * tests/lint/test_rule_diagrams.py replays each diagram with the engine, so what an arrow
 * claims (the only legal move, a forbidden move…) is checked, not merely drawn.
 *
 * Only DOM calls build the SVG (the site's Content-Security-Policy allows no inline style).
 * The text for screen readers is written in the language of the element's own [lang]
 * ancestor, so a page holding both languages labels each copy in its own.
 */
import { parseFen } from "./fen.js";
import { loadVariant } from "./variants.js";
import { CROWN_PATH } from "./crown.js";

const NS = "http://www.w3.org/2000/svg";
const WORDS = {
  fr: {
    board: "Diagramme, {side} au trait.",
    white: "blancs",
    black: "noirs",
    king: "dame",
    pieces: "{Side} : {list}.",
    none: "aucune pièce",
    arrows: "Coup montré : {list}.",
    wrong: "Coup interdit : {list}.",
    highlight: "Cases marquées : {list}.",
    numbers: "Chaque case porte son numéro.",
    failed: "Diagramme indisponible ({fen}).",
  },
  en: {
    board: "Diagram, {side} to move.",
    white: "White",
    black: "Black",
    king: "king",
    pieces: "{Side}: {list}.",
    none: "no pieces",
    arrows: "Move shown: {list}.",
    wrong: "Forbidden move: {list}.",
    highlight: "Marked squares: {list}.",
    numbers: "Every square shows its number.",
    failed: "Diagram unavailable ({fen}).",
  },
};

let drawnCount = 0;

/** "32x23x14 18-22" -> [[32, 23, 14], [18, 22]]. */
export function parsePaths(text) {
  if (!text) return [];
  return text.trim().split(/\s+/).filter(Boolean).map(
    (path) => path.split(/[-x]/).map((n) => Number.parseInt(n, 10)),
  );
}

function parseSquares(text) {
  if (!text) return [];
  return text.trim().split(/[\s,]+/).filter(Boolean).map((n) => Number.parseInt(n, 10));
}

function languageOf(element) {
  const holder = element.closest("[lang]");
  const code = holder ? holder.getAttribute("lang") : document.documentElement.lang;
  return code === "en" ? "en" : "fr";
}

function say(lang, key, params = {}) {
  return WORDS[lang][key].replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

function node(name, attributes = {}, parent = null) {
  const element = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (parent) parent.appendChild(element);
  return element;
}

function describe(lang, fen, pieces, arrowsText, wrongText, highlight, numbers) {
  const turn = fen.trim()[0].toUpperCase() === "B" ? "black" : "white";
  const parts = [say(lang, "board", { side: say(lang, turn) })];
  for (const color of ["white", "black"]) {
    const list = [...pieces.entries()]
      .filter(([, piece]) => piece.startsWith(color))
      .sort((a, b) => a[0] - b[0])
      .map(([square, piece]) => (piece.endsWith("-king") ? `${say(lang, "king")} ${square}` : square));
    const side = say(lang, color);
    parts.push(say(lang, "pieces", {
      Side: side[0].toUpperCase() + side.slice(1),
      list: list.length ? list.join(", ") : say(lang, "none"),
    }));
  }
  if (arrowsText) parts.push(say(lang, "arrows", { list: arrowsText.trim().split(/\s+/).join(", ") }));
  if (wrongText) parts.push(say(lang, "wrong", { list: wrongText.trim().split(/\s+/).join(", ") }));
  if (highlight.length) parts.push(say(lang, "highlight", { list: highlight.join(", ") }));
  if (numbers) parts.push(say(lang, "numbers"));
  return parts.join(" ");
}

function arrowHead(defs, id, className) {
  const marker = node("marker", {
    id,
    viewBox: "0 0 10 10",
    refX: 6,
    refY: 5,
    markerWidth: 4,
    markerHeight: 4,
    orient: "auto",
  }, defs);
  node("path", { d: "M0,0 L10,5 L0,10 z", class: className }, marker);
}

/** The SVG of one position on one variant's board, as the API describes that board. */
/**
 * One piece of a diagram: a disc, and a king's crown (crown.js, as on the board), half a
 * square wide.
 * @param {Element} men the pieces' group
 * @param {number} square
 * @param {string} piece "white", "black-king"…
 * @param {number[]} at the square's centre, [x, y]
 */
function drawPiece(men, square, piece, at) {
  const [x, y] = at;
  const color = piece.startsWith("white") ? "white" : "black";
  const group = node("g", { "data-piece": piece, "data-square": square }, men);
  node("circle", { cx: x, cy: y, r: 0.38, class: `d-piece d-${color}` }, group);
  if (piece.endsWith("-king")) {
    node("path", {
      d: CROWN_PATH, class: `d-crown d-${color}`,
      transform: `translate(${x - 0.25} ${y - 0.25}) scale(${0.5 / 24})`,
    }, group);
  }
}

export function diagramSvg(variant, { fen, arrows = [], wrong = [], highlight = [], numbers = false }) {
  const size = variant.size;
  const cells = new Map(variant.squares.map((s) => [s.number, s]));
  const centre = (square) => {
    const cell = cells.get(square);
    if (!cell) throw new Error(`square ${square} is not on the ${variant.name} board`);
    return [cell.col + 0.5, cell.row + 0.5];
  };
  drawnCount += 1;
  const id = `diagram-${drawnCount}`;
  const svg = node("svg", {
    viewBox: `0 0 ${size} ${size}`,
    class: "diagram-svg",
    "aria-hidden": "true",
    focusable: "false",
    "data-size": size,
  });
  const defs = node("defs", {}, svg);
  arrowHead(defs, `${id}-head`, "d-head");
  node("rect", { x: 0, y: 0, width: size, height: size, class: "d-light" }, svg);
  const dark = node("g", { class: "d-squares", "shape-rendering": "crispEdges" }, svg);
  for (const cell of variant.squares) {
    node("rect", {
      x: cell.col, y: cell.row, width: 1, height: 1, class: "d-dark", "data-square": cell.number,
    }, dark);
  }
  for (const square of highlight) {
    const [x, y] = centre(square);
    node("rect", {
      x: x - 0.46, y: y - 0.46, width: 0.92, height: 0.92, class: "d-mark", "data-mark": square,
    }, svg);
  }
  const { pieces } = parseFen(fen);
  const men = node("g", { class: "d-pieces" }, svg);
  for (const [square, piece] of pieces) drawPiece(men, square, piece, centre(square));
  if (numbers) {
    // In the middle of the square, inked to stand out on the piece standing there, if any.
    const labels = node("g", { class: "d-numbers" }, svg);
    for (const cell of variant.squares) {
      const piece = pieces.get(cell.number);
      const on = piece ? piece.split("-")[0] : "empty";
      const text = node("text", {
        x: cell.col + 0.5, y: cell.row + 0.5, class: `d-num d-on-${on}`, "data-number": cell.number,
        "text-anchor": "middle", "dominant-baseline": "central",
      }, labels);
      text.textContent = String(cell.number);
    }
  }
  const lines = node("g", { class: "d-arrows" }, svg);
  for (const path of arrows) {
    node("polyline", {
      points: path.map((sq) => centre(sq).join(",")).join(" "),
      class: "d-arrow",
      "marker-end": `url(#${id}-head)`,
      "data-path": path.join("-"),
    }, lines);
  }
  for (const path of wrong) {
    // A forbidden continuation of a move shown is drawn from where it leaves that move.
    const shared = Math.max(0, ...arrows.filter(
      (a) => a.length < path.length && a.every((sq, i) => path[i] === sq),
    ).map((a) => a.length - 1));
    node("polyline", {
      points: path.slice(shared).map((sq) => centre(sq).join(",")).join(" "),
      class: "d-wrong",
      "data-path": path.join("-"),
    }, lines);
    const [x, y] = centre(path[path.length - 1]);
    const d = 0.2;
    node("path", { d: `M${x - d},${y - d} L${x + d},${y + d} M${x + d},${y - d} L${x - d},${y + d}`, class: "d-cross" }, lines);
  }
  return svg;
}

/** Draws one diagram element (see the top of this file). */
export async function drawDiagram(element) {
  const lang = languageOf(element);
  const fen = element.dataset.fen || "";
  try {
    const variant = await loadVariant(element.dataset.variant || "international");
    const options = {
      fen,
      arrows: parsePaths(element.dataset.arrows),
      wrong: parsePaths(element.dataset.wrong),
      highlight: parseSquares(element.dataset.highlight),
      numbers: element.hasAttribute("data-numbers"),
    };
    const svg = diagramSvg(variant, options);
    element.replaceChildren(svg);
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", describe(
      lang, fen, parseFen(fen).pieces, element.dataset.arrows, element.dataset.wrong,
      options.highlight, options.numbers,
    ));
    element.dataset.drawn = "true";
  } catch (err) {
    element.textContent = say(lang, "failed", { fen });
    element.classList.add("failed");
    element.dataset.drawn = "failed";
    console.warn("diagram not drawn:", err);
  }
}

/** Draws every diagram under `root`; resolves once all are drawn. */
export function drawDiagrams(root = document) {
  return Promise.all([...root.querySelectorAll("[data-fen]")].map(drawDiagram));
}
