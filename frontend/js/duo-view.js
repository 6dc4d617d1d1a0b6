// @ts-check
/**
 * Two players on one device, on the game page: whose turn it is, who won and why in the
 * players' colours, and the board turned towards the player to move when they asked for it.
 */
import { t } from "./i18n.js";
import { duoFlip, setDuoFlip } from "./duo-prefs.js";
import { isDuo } from "./help-tools.js";
import { $, $as, targetAs } from "./dom.js";

const colorName = (c) => t(c === "black" ? "duoBlack" : "duoWhite");

function drawDuoWords(g, idle) {
  $("title").textContent = t("statsDuo");
  if (g.status === "playing" && idle) {
    $("status-text").textContent = t("duoTurn", { color: colorName(g.turn) });
  }
  if (g.status === "playing") return;
  $("end-title").textContent = g.winner ? t("duoWon", { color: colorName(g.winner) })
    : t("duoDraw");
  const loser = g.winner === "white" ? "black" : "white";
  const key = `duoReason:${g.reason}`;
  if (g.winner && t(key) !== key) {
    $("end-reason").textContent = t(key, { color: colorName(loser).toLowerCase() });
  }
}

/**
 * @param {{page: object, board: import("./board.js").BoardView,
 *   help: {forgetHint: () => void}}} tools the game tools' shared parts (game-tools.js)
 */
export function setupDuoView(tools) {
  const { page, board } = tools;
  $("flip-board").addEventListener("change", (e) => {
    setDuoFlip(targetAs(e, HTMLInputElement).checked);
    page.redraw();
  });
  return {
    drawn(g) {
      $("flip-toggle").hidden = !isDuo(g);
      $as("flip-board", HTMLInputElement).checked = duoFlip();
      if (isDuo(g)) drawDuoWords(g, page.idle());
      // Each player sees the board from their side: Black at the bottom when Black plays
      // (in a two-player game when the option is on, always for a player who took Black).
      const flip = isDuo(g) ? duoFlip() && g.turn === "black" : g.playerColor === "black";
      if (flip !== board.flipped) {
        board.setFlipped(flip);
        tools.help.forgetHint();
      }
    },
  };
}
