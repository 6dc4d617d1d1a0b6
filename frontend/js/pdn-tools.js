// @ts-check
/**
 * The game's PDN on the game page, as the server writes it: downloaded as a file, or copied
 * (shown in a box to copy by hand when the clipboard refuses).
 */
import { api } from "./api.js";
import { t } from "./i18n.js";
import { $, $as } from "./dom.js";

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
 * @param {{page: object, say: (words: () => string) => void}} tools the game tools' shared
 *   parts (game-tools.js)
 */
export function setupPdnTools({ page, say }) {
  const pdnText = () => api.pdn(page.game().id, page.token());
  const failed = (err) => say(() => t("pdnFailed", { why: err.message || String(err) }));

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
    let text;
    try {
      text = await pdnText();
    } catch (err) {
      failed(err);
      return;
    }
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
}
