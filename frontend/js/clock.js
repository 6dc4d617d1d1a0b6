// @ts-check
/**
 * The clock shown is the server's (GameView.clock): the server alone measures the time a move
 * costs, so a reload, a second tab or another device must show the same running time, and the
 * page only adds the time passed since that view arrived.
 */

/** The server's clock as last received, kept running locally between two answers. */
export class ServerClock {
  constructor(now = () => performance.now()) {
    this.now = now;
    this.view = null;
    this.receivedAt = 0;
    this.frozenMs = null;
    this.offsetMs = 0;
  }

  /** Takes the clock of a GameView or ClockView, received just now. */
  set(view) {
    if (!view) return;
    this.view = view;
    this.receivedAt = this.now();
    this.frozenMs = null;
    if (typeof view.serverNow === "number") this.offsetMs = view.serverNow - Date.now();
  }

  /** True while the server counts the player's time. */
  get running() {
    return Boolean(this.view && this.view.running && this.frozenMs === null);
  }

  /** Milliseconds the server has charged or is charging: elapsed + the running turn. */
  shownMs() {
    if (this.frozenMs !== null) return this.frozenMs;
    if (!this.view) return 0;
    const base = (this.view.elapsedMs || 0) + (this.view.turnMs || 0);
    return base + (this.view.running ? Math.max(0, this.now() - this.receivedAt) : 0);
  }

  /** Stops the live count where it stands, until the next view arrives: the player has just
   * moved (the server stops at the move's arrival) or hidden the page (it will be told). */
  freeze() {
    if (this.frozenMs === null) this.frozenMs = this.shownMs();
  }

  /** Counts on from where it was frozen, until the server's answer says better: the page is
   * visible again, and if that announcement is lost the clock must not stay stopped. */
  thaw() {
    if (this.frozenMs === null || !this.view) return;
    this.view = { ...this.view, elapsedMs: this.frozenMs, turnMs: 0, running: true };
    this.receivedAt = this.now();
    this.frozenMs = null;
  }

  /** The server's time now (epoch ms), as well as this page can tell: its own clock corrected
   * by the offset seen in the last answer, so a wrong device clock does not open or close
   * the daily challenge early. */
  serverTime() {
    return Date.now() + this.offsetMs;
  }

  get pauses() {
    return this.view ? this.view.pauses || 0 : 0;
  }

  get pausedMs() {
    return this.view ? this.view.pausedMs || 0 : 0;
  }
}
