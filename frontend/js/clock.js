/**
 * The player's thinking time, counted only while the page is visible: it runs during the
 * player's turn, pauses when the tab is hidden, and hands the measured milliseconds to the
 * move request (the server counts the same way and is the one that scores).
 */
export class VisibleClock {
  constructor() {
    this.turnMs = 0;
    this.since = null;
    this.running = false;
    document.addEventListener("visibilitychange", () => this.onVisibility());
  }

  onVisibility() {
    if (!this.running) return;
    if (document.hidden) this.pause();
    else this.since = performance.now();
  }

  pause() {
    if (this.since !== null) this.turnMs += performance.now() - this.since;
    this.since = null;
  }

  /** Starts the player's turn from zero. */
  startTurn() {
    this.turnMs = 0;
    this.running = true;
    this.since = document.hidden ? null : performance.now();
  }

  /** Ends the turn and returns the visible milliseconds it lasted. */
  stopTurn() {
    this.pause();
    this.running = false;
    return Math.round(this.turnMs);
  }

  /** Milliseconds of the current turn so far. */
  current() {
    const live = this.since === null ? 0 : performance.now() - this.since;
    return this.turnMs + live;
  }
}
