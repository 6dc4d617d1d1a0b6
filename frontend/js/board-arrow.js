// @ts-check
/**
 * The arrow of the last move over the board: an SVG overlay, one unit per square, drawn
 * through the squares of the move's path as they sit on screen.
 */
const SVG = "http://www.w3.org/2000/svg";
/** The arrow stops this far (in squares) before the centre of its landing square, so its
 * head points at the piece that moved instead of hiding under it. */
const ARROW_SHORTEN = 0.3;

function arrowHead() {
  const defs = document.createElementNS(SVG, "defs");
  const marker = document.createElementNS(SVG, "marker");
  marker.setAttribute("id", "last-arrow-head");
  marker.setAttribute("viewBox", "0 0 10 10");
  marker.setAttribute("refX", "6");
  marker.setAttribute("refY", "5");
  marker.setAttribute("markerWidth", "3.2");
  marker.setAttribute("markerHeight", "3.2");
  marker.setAttribute("orient", "auto-start-reverse");
  const head = document.createElementNS(SVG, "path");
  head.setAttribute("d", "M0,0 L10,5 L0,10 z");
  head.setAttribute("class", "head");
  marker.append(head);
  defs.append(marker);
  return defs;
}

export class MoveArrow {
  /** A hidden arrow for a board of `size` × `size` squares; `element` goes on the board. */
  constructor(size) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "last-arrow");
    svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    this.under = document.createElementNS(SVG, "polyline");
    this.under.setAttribute("class", "under");
    this.line = document.createElementNS(SVG, "polyline");
    this.line.setAttribute("class", "line");
    this.line.setAttribute("marker-end", "url(#last-arrow-head)");
    svg.append(arrowHead(), this.under, this.line);
    svg.setAttribute("hidden", "");
    this.element = svg;
  }

  /** Draws the path through `cells` ({row, col} on screen, in order), or hides the arrow
   * (null, or fewer than two). */
  draw(cells) {
    if (!cells || cells.length < 2) {
      this.element.setAttribute("hidden", "");
      return;
    }
    const points = cells.map(({ row, col }) => [col + 0.5, row + 0.5]);
    const [x1, y1] = points[points.length - 2];
    const [x2, y2] = points[points.length - 1];
    const length = Math.hypot(x2 - x1, y2 - y1);
    points[points.length - 1] = [
      x2 - ((x2 - x1) / length) * ARROW_SHORTEN, y2 - ((y2 - y1) / length) * ARROW_SHORTEN,
    ];
    const text = points.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(" ");
    this.under.setAttribute("points", text);
    this.line.setAttribute("points", text);
    this.element.removeAttribute("hidden");
  }
}
