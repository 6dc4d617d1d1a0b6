// @ts-check
/**
 * A king's crown, drawn the same on the board and in the rules' diagrams: a draughts player
 * reads a crown as a king at a glance, where a ring (as before) read as a decoration.
 * Five points on a band, on a 24-unit square, filled; the pieces' own colours stay around it.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** The crown's outline, in a 0 0 24 24 box. */
export const CROWN_PATH = "M3 17.5 1.6 7.4l5.3 4.1L12 4l5.1 7.5 5.3-4.1L21 17.5Z"
  + "M3.4 19.2h17.2v2.6H3.4Z";

/**
 * The crown as an inline <svg> element for a board piece (sized by CSS).
 * @returns {SVGSVGElement}
 */
export function crownElement() {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "crown");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", CROWN_PATH);
  svg.append(path);
  return svg;
}
