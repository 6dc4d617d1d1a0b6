/**
 * The board on screen: draws pieces and marks, and turns taps, clicks, drags and keys into
 * square touches for the page. It decides nothing about the rules.
 */
import { SIZE, cellOf, squareAt, stepCursor } from "./geometry.js";
import { t } from "./i18n.js";

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
    this.cursor = 32;
    this.aimCol = cellOf(32).col;
    this.press = null;
    this.build();
    this.listen();
  }

  build() {
    this.root.textContent = "";
    this.root.setAttribute("role", "grid");
    for (let row = 0; row < SIZE; row += 1) {
      const rowEl = document.createElement("div");
      rowEl.className = "row";
      rowEl.setAttribute("role", "row");
      for (let col = 0; col < SIZE; col += 1) {
        const sq = squareAt(row, col);
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
        el.style.transform = "";
      }
    }
    this.refreshLabels();
  }

  /** Marks: movable pieces, the selected piece, destinations, jumped pieces, last move. */
  setMarks({ movable = new Set(), draggable = movable, selected = null, finals = new Set(),
    steps = new Set(), taken = new Set(), visited = new Set(), last = null } = {}) {
    this.draggable = draggable;
    const lastFrom = last ? last.path[0] : null;
    const lastTo = last ? last.path[last.path.length - 1] : null;
    const lastCaptures = new Set(last ? last.captures : []);
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
      cell.setAttribute("aria-selected", sq === selected ? "true" : "false");
    }
    this.refreshLabels();
  }

  refreshLabels() {
    for (const [sq, cell] of this.cells) {
      const kind = this.pieces.get(sq);
      cell.setAttribute("aria-label", kind ? `${sq}, ${t(`piece:${kind}`)}` : String(sq));
    }
    this.root.setAttribute("aria-label", t("boardLabel"));
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
    if (old) old.tabIndex = -1;
    this.cursor = square;
    const cell = this.cells.get(square);
    cell.tabIndex = 0;
    if (focus) cell.focus();
  }

  onKey(e) {
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      const next = stepCursor(this.cursor, e.key, this.aimCol);
      this.aimCol = next.aimCol;
      this.moveCursor(next.square, true);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.interactive) this.handlers.onSquare(this.cursor);
    } else if (e.key === "Escape") {
      this.handlers.onCancel();
    }
  }

  squareFromPoint(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest("[data-square]");
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
