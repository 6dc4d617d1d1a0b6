// @ts-check
/**
 * Tells the server when the game page is hidden or shown again, during the player's turn
 * (the only time their clock runs): the server credits a pause only between the two
 * announcements it received. Leaving the page (a reload, another address, closing the tab)
 * is not a pause: the page says nothing then, and the next page's first read of the game
 * ends any pause left open (the server's rule, docs/http-api.md).
 */
import { api } from "./api.js";
import {
  clock, state,
} from "./play-state.js";
import { drawClock } from "./play-view.js";

/** The last visibility announcement in flight: a move waits for it, so the server never
 * sees the move before the "visible again" that preceded it (which would void the pause). */
let sent = Promise.resolve();
let request = 0;
/** True from the moment the page is being left: its hiding is not a pause. */
let leaving = false;

/** Resolves once the last announcement was answered (or failed). */
export function announced() {
  return sent;
}

async function announceVisibility(id, asked, paused) {
  try {
    const answer = await api.clock(id, state.token, paused);
    const view = answer;
    if (asked === request && !state.pending && state.game && state.game.id === id
      && view && typeof view.elapsedMs === "number") {
      clock.set(view);
      drawClock();
    }
  } catch {
    /* the move that follows is timed by the server anyway; a lost pause is just not credited */
  }
}

/** Tells the server the page was hidden or shown again. The answer replaces the clock shown;
 * an older answer arriving after a newer request is ignored. */
function sendVisibility(paused) {
  const g = state.game;
  if (!g || g.status !== "playing" || state.pending || !state.token) return;
  request += 1;
  sent = announceVisibility(g.id, request, paused);
}

/** After a view arrives, makes the server's paused state match the page's visibility (a tab
 * opened in the background has to say so). */
export function syncPause() {
  const c = state.game && state.game.clock;
  if (!c || typeof c.paused !== "boolean" || state.game.status !== "playing") return;
  if (c.paused !== document.hidden) sendVisibility(document.hidden);
}

// A page being left fires "pagehide" before it turns hidden; one kept in the back/forward
// cache and shown again ("pageshow") is a page like any other.
window.addEventListener("pagehide", () => {
  leaving = true;
});
window.addEventListener("pageshow", (e) => {
  if (!e.persisted) return;
  leaving = false;
  syncPause();
});

document.addEventListener("visibilitychange", () => {
  if (leaving || !state.game || state.game.status !== "playing" || state.pending) return;
  if (document.hidden) clock.freeze();
  else clock.thaw();
  sendVisibility(document.hidden);
});
