// @ts-check
/**
 * What a device does once the server no longer knows its pseudonym's token (403
 * `bad-player-token`): the pseudonym moved to another device with a transfer code (or its
 * token was replaced there). The device forgets the identity and the streak it kept for it,
 * so no page shows a streak or a name that are not its own any more, and says so in words at
 * the top of the page instead of "the server could not answer".
 */
import { addWords, t } from "./i18n.js";
import { STREAK_KEY, savedPlayer, writeJson } from "./store.js";
import { eventElement } from "./dom.js";

addWords({
  fr: {
    identityMoved: "Votre pseudonyme « {name} » est passé sur un autre appareil (un code de transfert a été utilisé) : cet appareil ne joue plus sous ce nom et ne montre plus sa série. Ses scores lui restent, sur l'autre appareil.",
  },
  en: {
    identityMoved: "Your pseudonym “{name}” has moved to another device (a transfer code was used): this device no longer plays under it or shows its streak. Its scores stay with it, on the other device.",
  },
});

/** The event every page may listen to (detail: the identity forgotten). */
export const IDENTITY_MOVED = "dames:identity-moved";
let moved = null;

function drawNotice() {
  if (!moved) return;
  let notice = document.getElementById("identity-moved");
  if (!notice) {
    notice = document.createElement("p");
    notice.id = "identity-moved";
    notice.className = "identity-moved";
    notice.setAttribute("role", "status");
    const main = document.querySelector("main") || document.body;
    main.prepend(notice);
  }
  notice.textContent = t("identityMoved", { name: moved.pseudonym });
}

/**
 * Called for every 403 `bad-player-token`: forgets this device's identity when the token
 * refused is the one it holds (a newer one, taken meanwhile, is kept).
 * @param {string} refusedToken the X-Player-Token the server refused
 * @returns {boolean} whether the identity was forgotten
 */
export function playerTokenRefused(refusedToken) {
  const player = savedPlayer();
  if (!player || player.token !== refusedToken) return false;
  writeJson("player", null);
  writeJson(STREAK_KEY, null);
  moved = player;
  drawNotice();
  window.dispatchEvent(new CustomEvent(IDENTITY_MOVED, { detail: player }));
  return true;
}

/** The notice in the page's language again after a language switch. */
document.addEventListener("click", (e) => {
  if (moved && eventElement(e).closest?.("#lang-switch")) queueMicrotask(drawNotice);
});
