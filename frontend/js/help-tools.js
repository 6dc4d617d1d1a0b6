// @ts-check
/**
 * Help in a casual game on the game page: a hint, a takeback, a draw offer (agreed by both
 * players on one device in a two-player game), with a warning before the first help turns a
 * ranked free game casual. Every answer comes from the server: no rule lives here.
 */
import { ApiError, api } from "./api.js";
import { t } from "./i18n.js";
import { $, $as } from "./dom.js";

const HELP_MODES = ["free", "practice", "duo"];
const HINT_CLASSES = ["hint-from", "hint-to", "hint-path", "hint-taken"];

export const isDuo = (g) => Boolean(g) && g.mode === "duo";
export const myTurn = (g) => Boolean(g) && g.status === "playing"
  && (isDuo(g) || g.turn === g.playerColor);

/** One of the page's own yes/no dialogs (`<prefix>-confirm`, `-text`, `-yes`, `-no`):
 * `ask()` shows its question and resolves with the answer (true: yes). */
function dialog(prefix, wordsKey) {
  let pending = null;
  const close = (answer) => {
    const resolve = pending;
    pending = null;
    $(`${prefix}-confirm`).hidden = true;
    if (resolve) resolve(answer);
  };
  $(`${prefix}-yes`).addEventListener("click", () => close(true));
  $(`${prefix}-no`).addEventListener("click", () => close(false));
  return {
    isOpen: () => pending !== null,
    close,
    ask() {
      $(`${prefix}-text`).textContent = t(wordsKey);
      $(`${prefix}-confirm`).hidden = false;
      $(`${prefix}-yes`).focus();
      return new Promise((resolve) => {
        pending = resolve;
      });
    },
    /** The question again in the page's language (after a switch). */
    relabel() {
      if (pending) $(`${prefix}-text`).textContent = t(wordsKey);
    },
  };
}

/** Paints a hinted move on the board until the position changes. */
class HintMarks {
  constructor(board) {
    this.board = board;
    this.ply = null;
  }

  clear() {
    for (const cell of this.board.cells.values()) cell.classList.remove(...HINT_CLASSES);
    this.ply = null;
  }

  show(move, ply) {
    this.clear();
    this.ply = ply;
    const path = move.path;
    path.forEach((sq, i) => {
      const cell = this.board.cells.get(sq);
      if (!cell) return;
      if (i === 0) cell.classList.add("hint-from");
      else if (i === path.length - 1) cell.classList.add("hint-to");
      else cell.classList.add("hint-path");
    });
    for (const sq of move.captures) this.board.cells.get(sq)?.classList.add("hint-taken");
  }
}

/** The help buttons of the game page. */
export class HelpTools {
  /**
   * @param {{page: object, board: import("./board.js").BoardView,
   *   say: (words: () => string) => void, reviewing: () => boolean}} tools the game tools'
   *   shared parts (game-tools.js)
   */
  constructor(tools) {
    this.tools = tools;
    this.marks = new HintMarks(tools.board);
    this.unranking = dialog("unrank", "unrankWarning");
    // Between two players on one device a draw needs the other player's word: the offer goes
    // to the server only once the page has shown both of them the question.
    this.duoDraw = dialog("draw", "duoDrawConfirm");
    this.asking = false;
    $("hint-button").addEventListener("click", () => this.askHint());
    $("takeback-button").addEventListener("click", () => this.takeBack());
    $("draw-button").addEventListener("click", () => this.offerDraw());
  }

  /** Before the first help of a ranked free game: says it will no longer be ranked, and
   * waits for the player's answer (true: go on). */
  confirmUnranking() {
    const g = this.tools.page.game();
    if (!g || g.mode !== "free" || !g.ranked || g.assisted) return Promise.resolve(true);
    return this.unranking.ask();
  }

  /** A request refused because the page fell behind, or the game ended: show the server's. */
  refused(err, retry, otherwise) {
    const { page, say } = this.tools;
    if (err instanceof ApiError && err.body && err.body.game) {
      page.start(err.body.game);
      return;
    }
    if (err instanceof ApiError && !err.retryable && ![401, 403, 404, 410].includes(err.status)) {
      say(() => otherwise(err));
      return;
    }
    page.failed(err, retry);
  }

  /** The help made this game casual: the page's copy of the view says so at once (the
   * server's next view will too). */
  markAssisted() {
    const g = this.tools.page.game();
    if (g && g.mode === "free") {
      g.assisted = true;
      g.ranked = false;
    }
  }

  clearHint() {
    this.marks.clear();
  }

  /** The board turned: the hint's squares are elsewhere now. */
  forgetHint() {
    this.marks.ply = null;
  }

  /** Runs one help request with the buttons off meanwhile; `failed(err)` answers a failure. */
  async asked(request, failed) {
    this.asking = true;
    this.drawButtons();
    try {
      await request();
    } catch (err) {
      failed(err);
    } finally {
      this.asking = false;
      this.drawButtons();
    }
  }

  async askHint() {
    if (!(await this.confirmUnranking())) return;
    const { page, say } = this.tools;
    const g = page.game();
    if (!myTurn(g) || !page.idle()) return;
    await this.asked(async () => {
      const answer = await api.hint(g.id, page.token(), g.ply);
      this.markAssisted();
      this.marks.show(answer.move, g.ply);
      say(() => t("hintShown", { m: answer.move.notation }));
    }, (err) => this.refused(err, () => this.askHint(),
      (e) => t("hintFailed", { why: e.message })));
  }

  async takeBack() {
    if (!(await this.confirmUnranking())) return;
    const { page, say } = this.tools;
    const g = page.game();
    if (!g || g.status !== "playing" || !page.idle()) return;
    await this.asked(async () => {
      const view = await api.takeback(g.id, page.token(), g.ply);
      this.clearHint();
      page.start(view);
      say(() => t("takenBack"));
    }, (err) => this.refused(err, () => this.takeBack(), (e) => (e.code === "nothing-to-take-back"
      ? t("nothingToTakeBack") : t("requestRefused", { why: e.message }))));
  }

  async offerDraw() {
    const duo = isDuo(this.tools.page.game());
    if (this.duoDraw.isOpen()) return;
    if (!duo || (await this.duoDraw.ask())) await this.sendDrawOffer();
  }

  /** Also the retry after a failure: the players have already said yes. */
  async sendDrawOffer() {
    const { page, say } = this.tools;
    const g = page.game();
    if (!myTurn(g) || !page.idle()) return;
    await this.asked(async () => {
      const answer = await api.drawOffer(g.id, page.token(), g.ply);
      page.start(answer.game);
      const accepted = isDuo(g) ? "duoDrawAgreed" : "drawAccepted";
      say(() => t(answer.accepted ? accepted : "drawDeclined"));
    }, (err) => this.refused(err, () => this.sendDrawOffer(),
      (e) => t("requestRefused", { why: e.message })));
  }

  drawButtons() {
    const { page } = this.tools;
    const g = page.game();
    const helps = Boolean(g) && HELP_MODES.includes(g.mode) && g.status === "playing";
    $("help-tools").hidden = !helps;
    if (this.duoDraw.isOpen() && !helps) this.duoDraw.close(false); // the game ended meanwhile
    this.duoDraw.relabel();
    this.unranking.relabel();
    if (!helps) return;
    const free = page.idle() && !this.asking && !this.tools.reviewing();
    $as("hint-button", HTMLButtonElement).disabled = !(free && myTurn(g));
    $as("takeback-button", HTMLButtonElement).disabled = !(free && g.moves.length);
    $as("draw-button", HTMLButtonElement).disabled = !(free && myTurn(g));
  }

  /** Follows the game view: a shown hint stays only on the position it was asked for. */
  drawn(g) {
    if (this.marks.ply !== null && this.marks.ply !== g.ply) this.clearHint();
    this.drawButtons();
  }
}
