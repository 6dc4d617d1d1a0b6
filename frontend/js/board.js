// @ts-check
/**
 * The board on screen: draws pieces and marks, and turns taps, clicks, drags and keys into
 * square touches for the page. It decides nothing about the rules, not even its own squares:
 * the size, which squares play, their numbers and where they sit come from the API's
 * description of the variant (variants.js), so every variant's board is drawn the same way.
 */
import { boardLayout, loadVariant, startCursor, stepCursor } from "./variants.js";
import { t } from "./i18n.js";
import { MoveArrow } from "./board-arrow.js";
import { crownElement } from "./crown.js";

const DRAG_THRESHOLD_PX = 6;
const STEP_MS = 170;

export const prefersReducedMotion = () =>
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class BoardView {
  /**
   * @param {HTMLElement} root  the element with role="grid"
   * @param {{onSquare: (sq: number) => void, onDrop: (from: number, to: number|null) => void,
   *          onDragStart?: (from: number) => void, onCancel: () => void}} handlers
   */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.cells = new Map();
    this.pieces = new Map();
    this.draggable = new Set();
    this.interactive = false;
    /** Where the squares sit (variants.js's boardLayout); null until a variant is known,
     * and then the board has no squares: pieces and marks given meanwhile wait for it. */
    this.layout = null;
    this.wanted = null;
    this.cursor = null;
    this.aimCol = 0;
    this.press = null;
    /** Black at the bottom (two players on one device, each seeing it from their side). */
    this.flipped = false;
    this.marks = {};
    this.build();
    this.listen();
  }

  /** The variant drawn (its API name), or null before one is set. */
  get variant() {
    return this.layout ? this.layout.name : null;
  }

  /** Draws the board of a variant as GET /api/variants describes it; the pieces and marks
   * already given are drawn again on the new squares. */
  setVariant(description) {
    if (this.layout && this.layout.name === description.name
      && this.layout.source === description) return;
    const layout = boardLayout(description);
    layout.source = description;
    this.layout = layout;
    this.wanted = description.name;
    this.cursor = startCursor(layout);
    this.aimCol = layout.cells.get(this.cursor).col;
    this.root.style.setProperty("--board-size", String(layout.size));
    // On the inverted (Italian) board the top-left square plays: the painted squares follow.
    this.root.classList.toggle("corner-plays", layout.cornerPlays);
    this.root.dataset.variant = layout.name;
    const focused = this.root.contains(document.activeElement);
    this.cells = new Map();
    this.build();
    this.setPosition(this.pieces);
    this.setMarks(this.marks);
    if (focused) this.moveCursor(this.cursor, true);
  }

  /** Shows variant `name` once its description is at hand (at once when cached); resolves
   * with the description. The latest name asked for wins over an earlier slower answer. */
  async useVariant(name) {
    this.wanted = name;
    if (this.layout && this.layout.name === name) return this.layout.source;
    const description = await loadVariant(name);
    if (this.wanted === name) this.setVariant(description);
    return description;
  }

  /** True when the diagram is drawn half turned: the side asked for at the bottom (Black
   * when flipped, else White) is not the one the federation's diagram puts there. */
  turned() {
    return Boolean(this.layout) && this.flipped === this.layout.whiteUp;
  }

  /** The screen cell of a square, turned half round when the board is flipped. */
  screenCell(sq) {
    const { row, col } = this.layout.cells.get(sq);
    const last = this.layout.size - 1;
    return this.turned() ? { row: last - row, col: last - col } : { row, col };
  }

  /** Turns the board so Black (true) or White (false) is at the bottom, keeping what it shows. */
  setFlipped(on) {
    if (Boolean(on) === this.flipped) return;
    this.flipped = Boolean(on);
    const focused = this.root.contains(document.activeElement);
    this.cells = new Map();
    this.build();
    this.root.classList.toggle("flipped", this.flipped);
    this.setPosition(this.pieces);
    this.setMarks(this.marks);
    if (focused) this.moveCursor(this.cursor, true);
  }

  build() {
    this.root.textContent = "";
    this.root.setAttribute("role", "grid");
    const size = this.layout ? this.layout.size : 0;
    const turned = this.turned();
    for (let row = 0; row < size; row += 1) {
      const rowEl = document.createElement("div");
      rowEl.className = "row";
      rowEl.setAttribute("role", "row");
      for (let col = 0; col < size; col += 1) {
        const sq = turned ? this.layout.at(size - 1 - row, size - 1 - col)
          : this.layout.at(row, col);
        const cell = document.createElement("div");
        if (sq === null) {
          cell.className = "sq light";
          cell.setAttribute("aria-hidden", "true");
        } else {
          cell.className = "sq dark";
          cell.dataset.square = String(sq);
          cell.setAttribute("role", "gridcell");
          cell.tabIndex = sq === this.cursor ? 0 : -1;
          const num = document.createElement("span");
          num.className = "num";
          num.setAttribute("aria-hidden", "true");
          num.textContent = String(sq);
          cell.append(num);
          this.cells.set(sq, cell);
        }
        rowEl.append(cell);
      }
      this.root.append(rowEl);
    }
    this.arrow = new MoveArrow(this.layout ? this.layout.size : 10);
    this.root.append(this.arrow.element);
  }

  /** Draws `path` (square numbers) as the last move's arrow, or hides it. */
  drawArrow(path) {
    const drawable = path && this.layout && path.every((sq) => this.cells.has(sq));
    this.arrow.draw(drawable ? path.map((sq) => this.screenCell(sq)) : null);
  }

  listen() {
    this.root.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.root.addEventListener("pointermove", (e) => this.onPointerMove(e));
    this.root.addEventListener("pointerup", (e) => this.onPointerUp(e));
    this.root.addEventListener("pointercancel", () => this.endPress());
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.root.addEventListener("contextmenu", (e) => {
      if (this.press) e.preventDefault();
    });
  }

  /** Draws a position: Map square → "white" | "black" | "white-king" | "black-king". */
  setPosition(pieces) {
    this.pieces = new Map(pieces);
    for (const [sq, cell] of this.cells) {
      const kind = pieces.get(sq);
      let el = cell.querySelector(".piece");
      if (!kind) {
        if (el) el.remove();
      } else {
        if (!el) {
          el = document.createElement("div");
          el.className = "piece";
          cell.append(el);
        }
        el.dataset.piece = kind;
        el.className = `piece ${kind.startsWith("white") ? "white" : "black"}${
          kind.endsWith("king") ? " king" : ""}`;
        const crown = el.querySelector(".crown");
        if (kind.endsWith("king") && !crown) el.append(crownElement());
        if (!kind.endsWith("king") && crown) crown.remove();
        el.style.transform = "";
      }
    }
    this.refreshLabels();
  }

  /** Marks: movable pieces, the selected piece, destinations, jumped pieces, last move, the
   * player's own move before it (`previous`: lighter, its two squares only), and the squares a
   * refused set-up is at fault on (`faulty`). */
  setMarks({ movable = new Set(), draggable = movable, selected = null, finals = new Set(),
    steps = new Set(), taken = new Set(), visited = new Set(), last = null, previous = null,
    faulty = new Set() } = {}) {
    this.marks = {
      movable, draggable, selected, finals, steps, taken, visited, last, previous, faulty,
    };
    this.draggable = draggable;
    const lastFrom = last ? last.path[0] : null;
    const lastTo = last ? last.path[last.path.length - 1] : null;
    const lastCaptures = new Set(last ? last.captures : []);
    const previousEnds = new Set(previous ? [previous.path[0], previous.path[previous.path.length - 1]] : []);
    // The pieces a move took were of the other colour than the piece now on its landing square.
    const mover = lastTo === null ? "" : this.pieces.get(lastTo) || "";
    const takenColor = mover.startsWith("white") ? "black" : mover.startsWith("black") ? "white" : "";
    for (const [sq, cell] of this.cells) {
      cell.classList.toggle("movable", movable.has(sq));
      cell.classList.toggle("draggable", draggable.has(sq));
      cell.classList.toggle("selected", sq === selected);
      cell.classList.toggle("final", finals.has(sq));
      cell.classList.toggle("step", steps.has(sq) && !finals.has(sq));
      cell.classList.toggle("taken", taken.has(sq));
      cell.classList.toggle("visited", visited.has(sq));
      cell.classList.toggle("last-from", sq === lastFrom);
      cell.classList.toggle("last-to", sq === lastTo);
      cell.classList.toggle("last-capture", lastCaptures.has(sq));
      cell.classList.toggle("prev-move", previousEnds.has(sq) && sq !== lastFrom && sq !== lastTo);
      cell.classList.toggle("faulty", faulty.has(sq));
      this.setGhost(cell, lastCaptures.has(sq) && !this.pieces.has(sq) ? takenColor : null);
      cell.setAttribute("aria-selected", sq === selected ? "true" : "false");
    }
    this.drawArrow(last ? last.path : null);
    this.refreshLabels();
  }

  /** A faded piece with a cross where the last move took one: which piece is gone, at a
   * glance. `color` null removes it. */
  setGhost(cell, color) {
    let ghost = cell.querySelector(".ghost");
    if (color === null) {
      if (ghost) ghost.remove();
      return;
    }
    if (!ghost) {
      ghost = document.createElement("div");
      cell.append(ghost);
    }
    ghost.className = `ghost ${color}`;
  }

  refreshLabels() {
    for (const [sq, cell] of this.cells) {
      const kind = this.pieces.get(sq);
      const words = [String(sq), ...(kind ? [t(`piece:${kind}`)] : []),
        ...(this.marks.faulty && this.marks.faulty.has(sq) ? [t("squareFaulty")] : [])];
      cell.setAttribute("aria-label", words.join(", "));
    }
    this.root.setAttribute("aria-label", t(this.flipped ? "boardLabelFlipped" : "boardLabel"));
  }

  setInteractive(on) {
    this.interactive = on;
    this.root.classList.toggle("waiting", !on);
    this.root.setAttribute("aria-busy", on ? "false" : "true");
  }

  setNumbers(on) {
    this.root.classList.toggle("numbers", on);
  }

  moveCursor(square, focus) {
    const old = this.cells.get(this.cursor);
    const cell = this.cells.get(square);
    if (!cell) return;
    if (old) old.tabIndex = -1;
    this.cursor = square;
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  onKey(e) {
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      if (!this.layout) return;
      // Arrows follow the screen: on a flipped board "up" goes towards White's side.
      const turned = { ArrowUp: "ArrowDown", ArrowDown: "ArrowUp",
        ArrowLeft: "ArrowRight", ArrowRight: "ArrowLeft" };
      const key = this.turned() ? turned[e.key] : e.key;
      const next = stepCursor(this.layout, this.cursor, key, this.aimCol);
      this.aimCol = next.aimCol;
      this.moveCursor(next.square, true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.interactive && this.cells.has(this.cursor)) this.handlers.onSquare(this.cursor);
    } else if (e.key === "Escape") {
      this.handlers.onCancel();
    }
  }

  squareFromPoint(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && /** @type {HTMLElement | null} */ (el.closest("[data-square]"));
    return cell && this.root.contains(cell) ? Number(cell.dataset.square) : null;
  }

  onPointerDown(e) {
    if (!this.interactive || e.button > 0 || this.press) return;
    const cell = e.target.closest("[data-square]");
    if (!cell) return;
    const square = Number(cell.dataset.square);
    const piece = cell.querySelector(".piece");
    this.press = {
      id: e.pointerId, square, x: e.clientX, y: e.clientY, dragging: false,
      piece: piece && this.draggable.has(square) ? piece : null,
    };
    if (this.press.piece) {
      e.preventDefault();
      this.root.setPointerCapture(e.pointerId);
    }
  }

  onPointerMove(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId || !p.piece) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!p.dragging && this.handlers.onDragStart) this.handlers.onDragStart(p.square);
    p.dragging = true;
    p.piece.classList.add("dragging");
    p.piece.style.transform = `translate(${dx}px, ${dy}px) scale(1.12)`;
  }

  onPointerUp(e) {
    const p = this.press;
    if (!p || p.id !== e.pointerId) return;
    // Read the square under the pointer while the dragged piece still lets the pointer
    // through; once released it slides back and would hide the square it was dropped on.
    const under = this.squareFromPoint(e.clientX, e.clientY);
    this.endPress();
    this.moveCursor(p.square, false);
    if (p.dragging) {
      this.handlers.onDrop(p.square, under === p.square ? null : under);
    } else if (under === p.square) {
      this.handlers.onSquare(under);
    }
  }

  endPress() {
    const p = this.press;
    if (!p) return;
    if (p.piece) {
      p.piece.classList.remove("dragging");
      p.piece.style.transform = "";
    }
    if (this.root.hasPointerCapture(p.id)) this.root.releasePointerCapture(p.id);
    this.press = null;
  }

  /** Slides the piece on path[0] along its path and fades the captured ones; resolves after. */
  async animate(move) {
    const piece = this.cells.get(move.path[0])?.querySelector(".piece");
    if (!piece || prefersReducedMotion() || typeof piece.animate !== "function") return;
    const origin = this.cells.get(move.path[0]).getBoundingClientRect();
    const frames = move.path.map((sq) => {
      const r = this.cells.get(sq).getBoundingClientRect();
      return { transform: `translate(${r.left - origin.left}px, ${r.top - origin.top}px)` };
    });
    piece.classList.add("moving");
    const duration = STEP_MS * (move.path.length - 1);
    const fades = move.captures.map((sq) => {
      const el = this.cells.get(sq)?.querySelector(".piece");
      return el ? el.animate([{ opacity: 1 }, { opacity: 0.15 }],
        { duration, fill: "forwards", easing: "ease-in" }) : null;
    });
    const slide = piece.animate(frames, { duration, easing: "ease-in-out", fill: "forwards" });
    await Promise.all([slide.finished, ...fades.filter(Boolean).map((a) => a.finished)])
      .catch(() => {});
    piece.classList.remove("moving");
    slide.cancel();
    for (const a of fades) if (a) a.cancel();
  }
}
