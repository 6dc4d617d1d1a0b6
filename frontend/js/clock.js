/**
 * Two clocks. The one shown is the server's (GameView.clock): the server alone measures the time
 * a move costs, so a reload, a second tab or another device must show the same running time,
 * and the page only adds the time passed since that view arrived. The other is the page's own
 * count of the visible time of a turn, sent with a move as information only (`thinkMs`).
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

/**
 * The visible time of the player's current turn, measured by the page: it runs during the
 * player's turn and stops while the tab is hidden. Sent as `thinkMs`, which the server keeps
 * as information only.
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
}
