// @ts-check
/**
 * What the game page offers around the game itself: help in a casual game (help-tools.js),
 * two players on one device (duo-view.js), review of any position (review.js), the PDN
 * (pdn-tools.js), the device's statistics and a new game with the same settings. This module
 * only puts them together and gives them one line to speak on (`#tools-text`). Every
 * position and every move comes from the server: no rule lives here.
 */
import "./freeplay-words.js";
import { setupDuoView } from "./duo-view.js";
import { HelpTools, isDuo } from "./help-tools.js";
import { createFromChoices, loadChoices } from "./newgame-core.js";
import { drawGameLink, setupPdnTools } from "./pdn-tools.js";
import { Review } from "./review.js";
import { recordResult } from "./stats-store.js";
import { rememberToken } from "./analysis-links.js";
import { $ } from "./dom.js";

/**
 * @param {{board: import("./board.js").BoardView, game: () => object|null,
 *   token: () => string|null, idle: () => boolean, start: (game: object) => void,
 *   redraw: () => void, failed: (err: unknown, retry: () => void) => void,
 *   setReviewing: (on: boolean) => void}} page
 */
export function setupGameTools(page) {
  /** The line under the tools, kept as the function that words it so that a language
   * switch (which redraws the page, then calls drawn()) says it again in the new language,
   * and the position it was said about: once the game has moved on or ended, it is stale
   * ("the computer declines the draw" under "You won!"). */
  let spoken = () => "";
  const positionOf = (g) => (g ? `${g.id}:${g.ply}:${g.status}` : "");
  let spokenAt = "";
  const tools = {
    page,
    board: page.board,
    say(words) {
      spoken = words;
      spokenAt = positionOf(page.game());
      $("tools-text").textContent = words();
    },
    reviewing: () => false,
    /** @type {HelpTools} */
    help: null,
  };
  tools.help = new HelpTools(tools);
  const review = new Review(tools);
  tools.reviewing = () => review.active;
  const duo = setupDuoView(tools);
  setupPdnTools(tools);
  let recorded = null;

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

  /** Called by the page after each render: everything here follows the game view. */
  function drawn() {
    const g = page.game();
    if (!g) return;
    drawGameLink(g);
    tools.help.drawn(g);
    duo.drawn(g);
    $("game-tools").hidden = false;
    if (g.status !== "playing" && recorded !== g.id) {
      recordResult(g);
      rememberToken(g.id, page.token()); // the archive links its analysis (stats page)
      recorded = g.id;
    }
    review.drawn(g);
    if (spokenAt !== positionOf(g)) spoken = () => "";
    $("tools-text").textContent = spoken();
  }

  return { drawn, newGame };
}
