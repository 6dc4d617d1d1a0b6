// @ts-check
/**
 * What the game page says when a request fails: a retry when trying again can succeed (no
 * answer, a server fault), otherwise what is wrong and the way home, and a new game when the
 * game itself is gone.
 */
import { ApiError } from "./api.js";
import { formatDate, t } from "./i18n.js";
import { board, page, setError, state } from "./play-state.js";
import { forgetGame } from "./store.js";
import { $ } from "./dom.js";

/**
 * Shows what went wrong. `retry` is given only when trying again can succeed (a network
 * failure or a server fault); otherwise the box says what is wrong and offers the way home,
 * plus `action` (e.g. a new game) when there is a sensible one.
 */
export function showError(text, retry, action = null) {
  setError({ text, retry, action });
  $("error-text").textContent = text();
  $("error").hidden = false;
  $("thinking").hidden = true;
  const button = $("retry");
  const next = retry || (action && action.run);
  button.hidden = !next;
  button.textContent = retry ? t("retry") : action ? action.label() : "";
  button.onclick = () => {
    $("error").hidden = true;
    next();
  };
  $("error-home").hidden = Boolean(retry);
  // No game and nothing to retry: the clock, counts and move list would describe nothing.
  document.body.classList.toggle("failed", !state.game && !retry);
  if (!state.game) {
    $("status-text").textContent = retry ? "" : t("cannotStart");
    board.setInteractive(false);
  }
}

export function hideError() {
  $("error").hidden = true;
  setError(null);
}

/** The error on screen again, in the page's new language. */
export function sayErrorAgain() {
  const shown = state.error;
  if (shown && !$("error").hidden) showError(shown.text, shown.retry, shown.action);
}

/** Why a game could not be created from this link, in the page's language. */
export function createErrorText(err) {
  const day = formatDate(page.askedDate);
  const known = {
    "unknown-level": t("badLevel", { level: page.practiceLevel || "" }),
    "bad-fen": t("badFen"),
    "game-over-position": t("overFen"),
    "unknown-variant": t("badVariant"),
    "invalid-date": t("badDate"),
    "daily-not-closed": t("dayNotClosed", { date: day }),
    "daily-not-started": t("dayNotStarted", { date: day }),
    "no-challenge": t("noChallenge", { date: day }),
  };
  // A field the request validation refused: its message starts with the field's name.
  const field = err.code === "invalid-request" ? /^(\w+):/.exec(err.message || "") : null;
  const byField = { level: "unknown-level", variant: "unknown-variant", date: "invalid-date" };
  const code = field && byField[field[1]] ? byField[field[1]] : err.code;
  return known[code] || t("cannotStartWhy", { why: err.message });
}

/** Decides what a failed request means for the game on screen. */
export function handleFailure(err, retry) {
  if (!(err instanceof ApiError) || err.retryable) {
    showError(() => t("requestFailed"), retry);
    return;
  }
  if (err.status === 404 || err.status === 410 || err.status === 401 || err.status === 403) {
    forgetGame(page.storeKey);
    showError(() => t(err.status === 410 ? "expired" : "notFound"), null,
      { label: () => t("newGameLabel"), run: () => location.reload() });
    return;
  }
  const why = err.message || err.code || String(err.status);
  showError(() => t(state.game ? "requestRefused" : "cannotStartWhy", { why }), null);
}
