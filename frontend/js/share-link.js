// @ts-check
/**
 * Links that open a game or a position read-only, for another person or another device:
 * a position is the analysis board at its FEN (analysis-links.js), a finished game is the PDN
 * page with the game's PDN in the address's fragment (import.html#pdn=…). The fragment never
 * reaches a server (no logs, no cache key): the page that opens it has the server read the
 * text as any pasted file, so the link carries no token and gives no way to play on.
 */
import { addWords, t } from "./i18n.js";
import { $as } from "./dom.js";

addWords({
  fr: {
    linkCopied: "Lien copié : qui l'ouvre voit {what} sans pouvoir y jouer.",
    "linkWhat:game": "la partie",
    "linkWhat:position": "la position",
    linkCopyFailed: "Copie impossible : sélectionnez le lien ci-dessous.",
  },
  en: {
    linkCopied: "Link copied: whoever opens it sees {what} and cannot play in it.",
    "linkWhat:game": "the game",
    "linkWhat:position": "the position",
    linkCopyFailed: "Could not copy: select the link below.",
  },
});

/** The fragment key of a shared game's PDN. */
const PDN_KEY = "pdn";

/**
 * The address that opens `pdn` (a finished game's text) on the PDN page, read-only.
 * @param {string} pdn
 * @returns {string}
 */
export function gameLink(pdn) {
  return new URL(`import.html#${PDN_KEY}=${encodeURIComponent(pdn)}`, location.href).href;
}

/**
 * The PDN a shared game's address carries (import.html#pdn=…), or null.
 * @param {string} hash `location.hash`
 * @returns {string | null}
 */
export function sharedPdn(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const text = params.get(PDN_KEY);
  return text && text.trim() ? text : null;
}

/**
 * Copies `url`; where the clipboard refuses, shows it in `boxId` (a read-only text box) to
 * copy by hand. Resolves with what to say, as a function so that a language switch says it
 * again in the new language.
 * @param {string} url
 * @param {"game" | "position"} what
 * @param {string} boxId
 * @returns {Promise<() => string>}
 */
export async function copyLink(url, what, boxId) {
  const box = $as(boxId, HTMLTextAreaElement);
  try {
    await navigator.clipboard.writeText(url);
    box.hidden = true;
    return () => t("linkCopied", { what: t(`linkWhat:${what}`) });
  } catch {
    box.value = url;
    box.hidden = false;
    box.select();
    return () => t("linkCopyFailed");
  }
}
