// @ts-check
/**
 * The evaluation graph above the analysed moves: an SVG the page draws (no library), White's
 * share above the middle line, Black's below, the mistakes dotted by class. A click or tap
 * jumps to the move under it; with the keyboard it is a slider (← → Home End) over the plies.
 * Evaluations are squashed into win chances, as lidraughts draws them, so one man at the start
 * shows clearly and ten men do not flatten the rest.
 */
import { decisiveWinner } from "./eval-format.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 120;
const SQUASH = 0.004; // per centi-man: one man ahead is about 20 % of the height

function el(name, attrs, cls) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (cls) node.setAttribute("class", cls);
  return node;
}

/**
 * White's winning chances from an evaluation (centi-men, White's side), -1 to 1: a forced win
 * is ±1. The graph draws them, and "learn from your mistakes" compares moves by them.
 * @param {number|null} evaluation
 * @param {number|null} [mate] plies to a forced win, positive when White wins
 * @returns {number}
 */
export function winChance(evaluation, mate = null) {
  const winner = decisiveWinner(evaluation, mate);
  if (winner) return winner === "white" ? 1 : -1;
  return 2 / (1 + Math.exp(-SQUASH * (evaluation || 0))) - 1;
}

/** The height of a point: `evalAfter` squashed, a forced win at the edge. */
function yOf(point) {
  return HEIGHT / 2 - (winChance(point.eval, point.mate) * (HEIGHT / 2 - 2));
}

/**
 * @param {SVGSVGElement} svg
 * @param {{points: {eval: number, mate: number|null, judgement: string, label: string}[],
 *   start: number, onPick: (ply: number) => void}} graph  `points[i]` is after ply i + 1;
 *   `start` the evaluation of the start position
 */
export function createEvalGraph(svg, graph) {
  let current = 0;
  const count = graph.points.length;
  const xOf = (ply) => (count ? (ply / count) * WIDTH : 0);
  const all = [{ eval: graph.start, mate: null }, ...graph.points];

  function draw() {
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.append(el("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT }, "g-black"));
    const line = all.map((p, i) => `${xOf(i).toFixed(1)},${yOf(p).toFixed(1)}`);
    svg.append(el("polygon", {
      points: [`0,${HEIGHT}`, ...line, `${WIDTH},${HEIGHT}`].join(" "),
    }, "g-white"));
    svg.append(el("line", { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 }, "g-mid"));
    svg.append(el("polyline", { points: line.join(" ") }, "g-line"));
    graph.points.forEach((p, i) => {
      if (["inaccuracy", "mistake", "blunder"].includes(p.judgement)) {
        svg.append(el("circle", { cx: xOf(i + 1), cy: yOf(p), r: 4 }, `g-dot ${p.judgement}`));
      }
    });
    const x = xOf(current);
    svg.append(el("line", { x1: x, y1: 0, x2: x, y2: HEIGHT }, "g-cursor"));
    svg.setAttribute("aria-valuenow", String(current));
    svg.setAttribute("aria-valuetext", current === 0 ? t("boardStart")
      : graph.points[current - 1].label);
  }

  function pick(ply) {
    const next = Math.max(0, Math.min(count, ply));
    if (next === current) return;
    graph.onPick(next);
  }

  svg.setAttribute("role", "slider");
  svg.setAttribute("tabindex", "0");
  svg.setAttribute("aria-valuemin", "0");
  svg.setAttribute("aria-valuemax", String(count));
  svg.addEventListener("click", (e) => {
    const box = svg.getBoundingClientRect();
    if (!box.width) return;
    pick(Math.round(((e.clientX - box.left) / box.width) * count));
  });
  svg.addEventListener("keydown", (e) => {
    const to = { ArrowLeft: current - 1, ArrowDown: current - 1, ArrowRight: current + 1,
      ArrowUp: current + 1, Home: 0, End: count }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    pick(to);
  });

  return {
    /** Moves the cursor to `ply` (0: the start position). */
    show(ply) {
      current = ply;
      draw();
    },
  };
}
