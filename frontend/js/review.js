// @ts-check
/**
 * Review on the game page: any position of the game, from the move list, the review bar or
 * ← → (Home and End: the start and the last move). The positions are the server's: the game's
 * PDN read back by the server. The daily is played alone: it can be stepped through once it
 * is over, not while it runs. A control for the position shown belongs in the review bar
 * (`#review`, drawn by `showReview`).
 */
import { api } from "./api.js";
import { boardHref, showAnalyseLink } from "./analysis-links.js";
import { parseFen } from "./fen.js";
import { t } from "./i18n.js";
import { markMoves, onMoveChosen } from "./move-list.js";
import { $, $as } from "./dom.js";

/** ← → step, Home and End jump to the start and the last move. */
const KEY_STEPS = {
  ArrowLeft: (from) => from - 1, ArrowRight: (from) => from + 1, Home: () => 0, End: () => Infinity,
};

/** The layouts that put the board beside the panel (site.css): elsewhere it stands above. */
const SIDE_BY_SIDE = "(min-width: 900px), (orientation: landscape) and (max-height: 600px)";

/** On a phone held upright the board stands above the panel, and the review bar far below
 * it: while the game is stepped through the board stays at the top of the screen (CSS:
 * `body.reviewing .board-frame` is sticky) and the bar is brought up just under it. */
function keepBoardAndBarInView() {
  if (window.matchMedia(SIDE_BY_SIDE).matches) return;
  const frame = document.querySelector(".board-frame");
  const bar = $("review");
  bar.style.scrollMarginTop = `${Math.ceil(frame.getBoundingClientRect().height) + 24}px`;
  bar.scrollIntoView({ block: "start", behavior: "instant" });
}

export const reviewable = (g) => Boolean(g) && g.moves.length > 0
  && !(g.mode === "daily" && g.status === "playing");

/** The review of the game page's game. */
export class Review {
  /**
   * @param {{page: object, board: import("./board.js").BoardView,
   *   say: (words: () => string) => void,
   *   help: {clearHint: () => void, drawButtons: () => void}}} tools the game tools' parts
   */
  constructor(tools) {
    this.tools = tools;
    this.active = false;
    this.ply = 0;
    this.detail = null;
    this.key = null;
    this.loading = null;
    onMoveChosen($("move-list"), (ply) => this.reviewAt(ply));
    $("review-prev").addEventListener("click", () => this.reviewAt(this.ply - 1));
    $("review-next").addEventListener("click", () => this.reviewAt(this.ply + 1));
    $("review-live").addEventListener("click", () => this.leave());
    $("review-start").addEventListener("click", () => this.reviewAt(0));
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  /** The server's positions of this game: its PDN read back, one entry per ply. */
  async positions(g) {
    const key = `${g.id}:${g.moves.length}`;
    if (this.key === key && this.detail) return this.detail;
    if (this.loading && this.loading.key === key) return this.loading.promise;
    const promise = (async () => {
      const text = await api.pdn(g.id, this.tools.page.token());
      const read = await api.readPdn(text);
      this.detail = read.game;
      this.key = key;
      return read.game;
    })();
    this.loading = { key, promise };
    try {
      return await promise;
    } finally {
      if (this.loading && this.loading.key === key) this.loading = null;
    }
  }

  drawMoveControls(g) {
    markMoves($("move-list"), { controls: reviewable(g), current: this.active ? this.ply : null });
  }

  show() {
    const detail = this.detail;
    const k = this.ply;
    const fen = k === 0 ? detail.startFen : detail.moves[k - 1].fen;
    const { board } = this.tools;
    board.setPosition(parseFen(fen).pieces);
    board.setMarks({ last: k === 0 ? null : detail.moves[k - 1].move });
    board.setInteractive(false);
    document.body.classList.add("reviewing");
    $("review").hidden = false;
    $("review-start").hidden = true;
    $("review-text").textContent = k === 0 ? t("reviewStart", { total: detail.moves.length })
      : t("reviewAt", { m: detail.moves[k - 1].notation, n: k, total: detail.moves.length });
    $as("review-prev", HTMLButtonElement).disabled = k === 0;
    $as("review-next", HTMLButtonElement).disabled = k >= detail.moves.length;
    const g = this.tools.page.game();
    $("review-live").hidden = false;
    $("review-live").dataset.over = g && g.status !== "playing" ? "1" : "";
    const open = Boolean(g) && (g.mode !== "daily" || g.ranked === false); // a daily: once closed
    showAnalyseLink($("review-analyse"), g, this.tools.page.token(), open);
    $("review-board").hidden = !open;
    $as("review-board", HTMLAnchorElement).href = boardHref(detail.variant, fen);
    this.drawMoveControls(g);
    this.tools.help.drawButtons();
  }

  leaveQuietly() {
    this.active = false;
    this.tools.page.setReviewing(false);
    document.body.classList.remove("reviewing");
    $("review").hidden = true;
  }

  leave() {
    if (!this.active) return;
    this.leaveQuietly();
    this.tools.page.redraw();
  }

  /** Shows the position after `ply` moves (the live game again past the last move of a
   * game still played). */
  async reviewAt(ply) {
    const { page, say } = this.tools;
    const g = page.game();
    if (!reviewable(g)) return;
    const target = Math.max(0, Math.min(ply, g.moves.length));
    if (target === g.moves.length && g.status === "playing") {
      this.leave();
      return;
    }
    say(() => t("reviewLoading"));
    let detail;
    try {
      detail = await this.positions(g);
    } catch (err) {
      say(() => t("reviewFailed", { why: err.message || String(err) }));
      return;
    }
    say(() => "");
    const entering = !this.active;
    this.active = true;
    page.setReviewing(true);
    this.ply = Math.min(target, detail.moves.length);
    this.tools.help.clearHint();
    this.show();
    if (entering) keepBoardAndBarInView();
  }

  onKey(e) {
    const to = KEY_STEPS[e.key];
    if (!to || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target.closest && e.target.closest("#board, input, textarea, select")) return;
    const g = this.tools.page.game();
    if (!g || !g.moves.length || !this.tools.page.idle()) return;
    // Home and End only once the game may be stepped through (they scroll the page else).
    if ((e.key === "Home" || e.key === "End") && !reviewable(g)) return;
    e.preventDefault();
    this.reviewAt(to(this.active ? this.ply : g.moves.length));
  }

  /** Follows the game view after each render of the page. */
  drawn(g) {
    $("review-start").hidden = !reviewable(g) || this.active;
    if (this.active) {
      if (this.key !== `${g.id}:${g.moves.length}`) this.leaveQuietly();
      else this.show();
    }
    this.drawMoveControls(g);
  }
}
