// @ts-check
/**
 * The game's PDN on the game page, as the server writes it: downloaded as a file, or copied
 * (shown in a box to copy by hand when the clipboard refuses).
 */
import { api } from "./api.js";
import { t } from "./i18n.js";
import { $, $as } from "./dom.js";
import { copyLink, gameLink } from "./share-link.js";

/**
 * Offers `text` as a file to save (also the "My data" page's export).
 * @param {string} text
 * @param {string} filename
 * @param {string} [type] the file's media type
 */
export function downloadText(text, filename, type = "application/x-draughts-pdn") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * @param {{page: object, say: (words: () => string) => void}} tools the game tools' shared
 *   parts (game-tools.js)
 */
export function setupPdnTools({ page, say }) {
  const pdnText = () => api.pdn(page.game().id, page.token());
  const failed = (err) => say(() => t("pdnFailed", { why: err.message || String(err) }));
  /** The game's PDN, or null once the failure is said. */
  const fetched = async () => {
    try {
      return await pdnText();
    } catch (err) {
      failed(err);
      return null;
    }
  };

  $("pdn-download").addEventListener("click", async () => {
    const g = page.game();
    if (!g) return;
    try {
      downloadText(await pdnText(), `dames-${g.id}.pdn`);
    } catch (err) {
      failed(err);
    }
  });

  $("pdn-copy").addEventListener("click", async () => {
    if (!page.game()) return;
    const text = await fetched();
    if (text === null) return;
    try {
      await navigator.clipboard.writeText(text);
      say(() => t("pdnCopied"));
      $("pdn-text").hidden = true;
    } catch {
      $as("pdn-text", HTMLTextAreaElement).value = text;
      $("pdn-text").hidden = false;
      $as("pdn-text", HTMLTextAreaElement).select();
      say(() => t("pdnCopyFailed"));
    }
  });

  // A finished game's link (its PDN in the address): a running game is not shown to others,
  // so a daily's moves never go round before the day closes.
  $("game-link").addEventListener("click", async () => {
    const g = page.game();
    if (!g || g.status === "playing") return;
    const text = await fetched();
    if (text !== null) say(await copyLink(gameLink(text), "game", "pdn-text"));
  });
}

/**
 * Shows the game link's button once the game is over.
 * @param {{status: string} | null} g the game as the page last drew it
 */
export function drawGameLink(g) {
  $("game-link").hidden = !g || g.status === "playing";
}
