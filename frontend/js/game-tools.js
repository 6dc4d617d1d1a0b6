/**
 * What the game page offers around the game itself, kept out of play.js: help in a
 * casual game (hint, takeback, draw offer, with a warning before a ranked game turns casual),
 * two players on one device (whose turn, the board turning), review of any position (from the
 * move list, ← →), the PDN (download, copy), the device's statistics and a new game with the
 * same settings. Every position and every move comes from the server: no rule lives here.
 */
import { ApiError, api } from "./api.js";
import "./freeplay-words.js";
import { parseFen } from "./fen.js";
import { t } from "./i18n.js";
import { createFromChoices, loadChoices } from "./newgame-core.js";
import { duoFlip, setDuoFlip } from "./duo-prefs.js";
import { recordResult } from "./stats-store.js";
import { boardHref, showAnalyseLink } from "./analysis-links.js";

const $ = (id) => document.getElementById(id);
const HELP_MODES = ["free", "practice", "duo"];
const HINT_CLASSES = ["hint-from", "hint-to", "hint-path", "hint-taken"];

/** Asks the server for a game's PDN text (a file, not JSON). */
export async function fetchPdn(id, token) {
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(id)}/pdn`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/x-draughts-pdn, */*" },
      cache: "no-store",
    });
  } catch (err) {
    throw new ApiError(0, "network", String(err && err.message ? err.message : err));
  }
  if (!response.ok) {
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw new ApiError(response.status, body && body.error, body && body.message, body);
  }
  return response.text();
}

/** Offers `text` as a file to save. */
export function downloadText(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-draughts-pdn" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * @param {{board: import("./board.js").BoardView, game: () => object|null,
 *   token: () => string|null, idle: () => boolean, start: (game: object) => void,
 *   redraw: () => void, failed: (err: unknown, retry: () => void) => void}} page
 */
export function setupGameTools(page) {
  const { board } = page;
  const review = { active: false, ply: 0, detail: null, key: null, loading: null };
  let hintPly = null;
  let recorded = null;

  /** The line under the tools, kept as the function that words it so that a language
   * switch (which redraws the page, then calls drawn()) says it again in the new language. */
  let spoken = () => "";
  const say = (words) => {
    spoken = words;
    $("tools-text").textContent = words();
  };

  const isDuo = (g) => g && g.mode === "duo";
  // The daily is played alone and without help: its positions can be stepped through once
  // the game is over, not while it runs.
  const reviewable = (g) => Boolean(g) && g.moves.length > 0
    && !(g.mode === "daily" && g.status === "playing");
  const myTurn = (g) => Boolean(g) && g.status === "playing"
    && (isDuo(g) || g.turn === g.playerColor);

  /* ---------- help: hint, takeback, draw offer ---------- */

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

  const unranking = dialog("unrank", "unrankWarning");
  // Between two players on one device a draw needs the other player's word: the offer goes
  // to the server only once the page has shown both of them the question.
  const duoDraw = dialog("draw", "duoDrawConfirm");

  /** Before the first help of a ranked free game: says it will no longer be ranked, and
   * waits for the player's answer (true: go on). */
  function confirmUnranking() {
    const g = page.game();
    if (!g || g.mode !== "free" || !g.ranked || g.assisted) return Promise.resolve(true);
    return unranking.ask();
  }

  function confirmDuoDraw() {
    return isDuo(page.game()) ? duoDraw.ask() : Promise.resolve(true);
  }

  /** A request refused because the page fell behind, or the game ended: show the server's. */
  function refused(err, retry, otherwise) {
    if (err instanceof ApiError && err.body && err.body.game) {
      page.start(err.body.game);
      return;
    }
    if (err instanceof ApiError && !err.retryable && err.status !== 401 && err.status !== 403
      && err.status !== 404 && err.status !== 410) {
      say(() => otherwise(err));
      return;
    }
    page.failed(err, retry);
  }

  /** The help made this game casual: the page's copy of the view says so at once (the
   * server's next view will too). */
  function markAssisted() {
    const g = page.game();
    if (g && g.mode === "free") {
      g.assisted = true;
      g.ranked = false;
    }
  }

  function clearHint() {
    for (const cell of board.cells.values()) cell.classList.remove(...HINT_CLASSES);
    hintPly = null;
  }

  function showHint(move) {
    clearHint();
    const g = page.game();
    hintPly = g.ply;
    const path = move.path;
    path.forEach((sq, i) => {
      const cell = board.cells.get(sq);
      if (!cell) return;
      if (i === 0) cell.classList.add("hint-from");
      else if (i === path.length - 1) cell.classList.add("hint-to");
      else cell.classList.add("hint-path");
    });
    for (const sq of move.captures) board.cells.get(sq)?.classList.add("hint-taken");
    say(() => t("hintShown", { m: move.notation }));
  }

  async function askHint() {
    if (!(await confirmUnranking())) return;
    const g = page.game();
    if (!myTurn(g) || !page.idle()) return;
    setBusy(true);
    try {
      const answer = await api.hint(g.id, page.token(), g.ply);
      markAssisted();
      showHint(answer.move);
    } catch (err) {
      refused(err, askHint, (e) => t("hintFailed", { why: e.message }));
    } finally {
      setBusy(false);
    }
  }

  async function takeBack() {
    if (!(await confirmUnranking())) return;
    const g = page.game();
    if (!g || g.status !== "playing" || !page.idle()) return;
    setBusy(true);
    try {
      const view = await api.takeback(g.id, page.token(), g.ply);
      clearHint();
      page.start(view);
      say(() => t("takenBack"));
    } catch (err) {
      refused(err, takeBack, (e) => (e.code === "nothing-to-take-back"
        ? t("nothingToTakeBack") : t("requestRefused", { why: e.message })));
    } finally {
      setBusy(false);
    }
  }

  async function offerDraw() {
    if (!duoDraw.isOpen() && (await confirmDuoDraw())) await sendDrawOffer();
  }

  /** Also the retry after a failure: the players have already said yes. */
  async function sendDrawOffer() {
    const g = page.game();
    if (!myTurn(g) || !page.idle()) return;
    setBusy(true);
    try {
      const answer = await api.drawOffer(g.id, page.token(), g.ply);
      page.start(answer.game);
      const accepted = isDuo(g) ? "duoDrawAgreed" : "drawAccepted";
      say(() => t(answer.accepted ? accepted : "drawDeclined"));
    } catch (err) {
      refused(err, sendDrawOffer, (e) => t("requestRefused", { why: e.message }));
    } finally {
      setBusy(false);
    }
  }

  let asking = false;
  function setBusy(on) {
    asking = on;
    drawButtons();
  }

  function drawButtons() {
    const g = page.game();
    const helps = Boolean(g) && HELP_MODES.includes(g.mode) && g.status === "playing";
    $("help-tools").hidden = !helps;
    if (duoDraw.isOpen() && !helps) duoDraw.close(false); // the game ended meanwhile
    duoDraw.relabel();
    unranking.relabel();
    if (!helps) return;
    const ready = myTurn(g) && page.idle() && !asking && !review.active;
    $("hint-button").disabled = !ready;
    $("takeback-button").disabled = !(page.idle() && !asking && !review.active && g.moves.length);
    $("draw-button").disabled = !ready;
  }

  $("hint-button").addEventListener("click", askHint);
  $("takeback-button").addEventListener("click", takeBack);
  $("draw-button").addEventListener("click", offerDraw);

  /* ---------- two players: whose turn, the board turning ---------- */

  const colorName = (c) => t(c === "black" ? "duoBlack" : "duoWhite");

  function drawDuo(g) {
    $("flip-toggle").hidden = !isDuo(g);
    $("flip-board").checked = duoFlip();
    if (isDuo(g)) {
      $("title").textContent = t("statsDuo");
      if (g.status === "playing" && page.idle()) {
        $("status-text").textContent = t("duoTurn", { color: colorName(g.turn) });
      }
      if (g.status !== "playing") {
        $("end-title").textContent = g.winner ? t("duoWon", { color: colorName(g.winner) })
          : t("duoDraw");
        const loser = g.winner === "white" ? "black" : "white";
        const key = `duoReason:${g.reason}`;
        if (g.winner && t(key) !== key) {
          $("end-reason").textContent = t(key, { color: colorName(loser).toLowerCase() });
        }
      }
    }
    // Each player sees the board from their side: Black at the bottom when Black plays
    // (in a two-player game when the option is on, always for a player who took Black).
    const flip = isDuo(g) ? duoFlip() && g.turn === "black" : g.playerColor === "black";
    if (flip !== board.flipped) {
      board.setFlipped(flip);
      hintPly = null;
    }
  }

  $("flip-board").addEventListener("change", (e) => {
    setDuoFlip(e.target.checked);
    page.redraw();
  });

  /* ---------- review ---------- */

  /** The server's positions of this game: its PDN read back, one entry per ply. */
  async function positions(g) {
    const key = `${g.id}:${g.moves.length}`;
    if (review.key === key && review.detail) return review.detail;
    if (review.loading && review.loading.key === key) return review.loading.promise;
    const promise = (async () => {
      const text = await fetchPdn(g.id, page.token());
      const read = await api.readPdn(text);
      review.detail = read.game;
      review.key = key;
      return read.game;
    })();
    review.loading = { key, promise };
    try {
      return await promise;
    } finally {
      if (review.loading && review.loading.key === key) review.loading = null;
    }
  }

  async function reviewAt(ply) {
    const g = page.game();
    if (!reviewable(g)) return;
    const target = Math.max(0, Math.min(ply, g.moves.length));
    if (target === g.moves.length && g.status === "playing") {
      leaveReview();
      return;
    }
    say(() => t("reviewLoading"));
    let detail;
    try {
      detail = await positions(g);
    } catch (err) {
      say(() => t("reviewFailed", { why: err.message || String(err) }));
      return;
    }
    say(() => "");
    review.active = true;
    review.ply = Math.min(target, detail.moves.length);
    clearHint();
    showReview();
  }

  function showReview() {
    const detail = review.detail;
    const k = review.ply;
    const fen = k === 0 ? detail.startFen : detail.moves[k - 1].fen;
    board.setPosition(parseFen(fen).pieces);
    board.setMarks({ last: k === 0 ? null : detail.moves[k - 1].move });
    board.setInteractive(false);
    document.body.classList.add("reviewing");
    $("review").hidden = false;
    $("review-text").textContent = k === 0 ? t("reviewStart", { total: detail.moves.length })
      : t("reviewAt", { m: detail.moves[k - 1].notation, n: k, total: detail.moves.length });
    $("review-prev").disabled = k === 0;
    $("review-next").disabled = k >= detail.moves.length;
    const g = page.game();
    $("review-live").hidden = false;
    $("review-live").dataset.over = g && g.status !== "playing" ? "1" : "";
    const open = Boolean(g) && (g.mode !== "daily" || g.ranked === false); // a daily: once closed
    showAnalyseLink($("review-analyse"), g, page.token(), open);
    $("review-board").hidden = !open;
    $("review-board").href = boardHref(detail.variant, fen);
    markMoves(g);
    drawButtons();
  }

  function leaveReview() {
    if (!review.active) return;
    review.active = false;
    document.body.classList.remove("reviewing");
    $("review").hidden = true;
    page.redraw();
  }

  /** Makes every move of play.js's list a control that shows the position after it (when
   * the game may be reviewed). */
  function markMoves(g) {
    const spans = [...document.querySelectorAll("#move-list .mv")];
    const controls = reviewable(g);
    let ply = 0;
    for (const span of spans) {
      if (span.textContent === "…") continue;
      ply += 1;
      if (!controls) {
        delete span.dataset.ply;
        span.removeAttribute("tabindex");
        span.removeAttribute("role");
        continue;
      }
      span.dataset.ply = String(ply);
      span.tabIndex = 0;
      span.setAttribute("role", "button");
      span.classList.toggle("current", review.active && review.ply === ply);
      if (review.active && review.ply === ply) span.setAttribute("aria-current", "step");
      else span.removeAttribute("aria-current");
    }
  }

  $("move-list").addEventListener("click", (e) => {
    const span = e.target.closest(".mv[data-ply]");
    if (span) reviewAt(Number(span.dataset.ply));
  });
  $("move-list").addEventListener("keydown", (e) => {
    const span = e.target.closest(".mv[data-ply]");
    if (span && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      reviewAt(Number(span.dataset.ply));
    }
  });
  $("review-prev").addEventListener("click", () => reviewAt(review.ply - 1));
  $("review-next").addEventListener("click", () => reviewAt(review.ply + 1));
  $("review-live").addEventListener("click", leaveReview);
  $("review-start").addEventListener("click", () => reviewAt(0));

  document.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target.closest && e.target.closest("#board, input, textarea, select")) return;
    const g = page.game();
    if (!g || !g.moves.length || !page.idle()) return;
    e.preventDefault();
    const from = review.active ? review.ply : g.moves.length;
    reviewAt(from + (e.key === "ArrowLeft" ? -1 : 1));
  });

  /* ---------- PDN, statistics, new game ---------- */

  async function pdnText() {
    const g = page.game();
    return fetchPdn(g.id, page.token());
  }

  $("pdn-download").addEventListener("click", async () => {
    const g = page.game();
    if (!g) return;
    try {
      downloadText(await pdnText(), `dames-${g.id}.pdn`);
    } catch (err) {
      say(() => t("pdnFailed", { why: err.message || String(err) }));
    }
  });

  $("pdn-copy").addEventListener("click", async () => {
    if (!page.game()) return;
    let text;
    try {
      text = await pdnText();
    } catch (err) {
      say(() => t("pdnFailed", { why: err.message || String(err) }));
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      say(() => t("pdnCopied"));
      $("pdn-text").hidden = true;
    } catch {
      $("pdn-text").value = text;
      $("pdn-text").hidden = false;
      $("pdn-text").select();
      say(() => t("pdnCopyFailed"));
    }
  });

  /** A new game like this one (level, variant; the colour as last chosen, so "alternate"
   * alternates), opened at once. */
  async function newGame() {
    const g = page.game();
    const choices = isDuo(g) ? { ...loadChoices(), opponent: "duo", variant: g.variant }
      : {
        ...loadChoices(), opponent: "computer", level: g && g.level ? g.level : "defi",
        variant: g ? g.variant : "international",
      };
    try {
      location.href = await createFromChoices(choices);
    } catch (err) {
      page.failed(err, newGame);
    }
  }

  /** Called by play.js after each render: everything here follows the game view. */
  function drawn() {
    const g = page.game();
    if (!g) return;
    if (hintPly !== null && hintPly !== g.ply) clearHint();
    drawDuo(g);
    drawButtons();
    $("game-tools").hidden = false;
    $("review-start").hidden = !reviewable(g) || review.active;
    if (g.status !== "playing" && recorded !== g.id) {
      recordResult(g);
      recorded = g.id;
    }
    if (review.active) {
      if (review.key !== `${g.id}:${g.moves.length}`) leaveReviewQuietly();
      else showReview();
    }
    markMoves(g);
    $("tools-text").textContent = spoken();
  }

  function leaveReviewQuietly() {
    review.active = false;
    document.body.classList.remove("reviewing");
    $("review").hidden = true;
  }

  return {
    drawn,
    newGame,
    /** True while a past position is shown: the board takes no move then. */
    reviewing: () => review.active,
  };
}
