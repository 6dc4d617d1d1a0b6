// @ts-check
/**
 * The "My data" page: the player's rights over what the server keeps, with the token this
 * browser holds. Download follows the export's pages (`next`) and saves them as one JSON
 * file; a rename and an erasure are the server's decisions (its rules, its limits), this page
 * only words its answers. An erasure that answers "goes on" is sent again until it is done
 * (the server resumes where it stopped; its daily job finishes any that a closed tab left).
 */
import "./privacy-words.js";
import { ApiError, api } from "./api.js";
import { $, $as } from "./dom.js";
import { setupLanguageSwitch, t, tn } from "./i18n.js";
import { downloadText } from "./pdn-tools.js";
import { savedPlayer, savePlayer } from "./store.js";

// An erasure's requests before the page gives up and says so (each does seconds of work).
const ERASE_TRIES = 20;
const DAY_S = 86_400;

function draw() {
  const player = savedPlayer();
  $("no-player").hidden = Boolean(player);
  $("has-player").hidden = !player;
  if (player) {
    $("my-name").textContent = player.pseudonym;
    $("erase-name").textContent = player.pseudonym;
  }
}

/**
 * This browser holds no identity any more: the page says why.
 * @param {string} why the words' key
 */
function forget(why) {
  savePlayer(null);
  draw();
  $("erased-note").textContent = t(why);
  $("erased-note").hidden = false;
}

/** The token was refused: this browser's identity moved or is gone. */
const lostIdentity = () => forget("notYours");

/** @param {unknown} err */
const isRefusedToken = (err) => err instanceof ApiError && (err.status === 401 || err.status === 403);

/**
 * Every page of the export merged into one document (the lists joined, the first page's
 * streak and counters kept).
 * @param {string} token
 * @param {(page: number) => void} progress
 * @returns {Promise<Record<string, any>>}
 */
async function collect(token, progress) {
  /** @type {Record<string, any>} */
  const merged = {};
  /** @type {string | null | undefined} */
  let cursor = null;
  let n = 0;
  do {
    n += 1;
    progress(n);
    const page = await api.myData(token, cursor);
    for (const [name, value] of Object.entries(page)) {
      if (Array.isArray(value)) merged[name] = [...(merged[name] || []), ...value];
      else if (!(name in merged) || merged[name] === null) merged[name] = value;
    }
    cursor = page.next;
  } while (cursor);
  delete merged.next;
  return merged;
}

async function download() {
  const player = savedPlayer();
  if (!player) return;
  const status = $("download-status");
  const button = $as("download", HTMLButtonElement);
  button.disabled = true;
  try {
    const data = await collect(player.token, (n) => {
      status.textContent = t("dataFetching", { n });
    });
    const file = `dames-du-jour-${player.playerId}-${data.generatedAt.slice(0, 10)}.json`;
    downloadText(JSON.stringify({ site: location.origin, ...data }, null, 2), file,
      "application/json");
    status.textContent = t("dataReady", { file });
  } catch (err) {
    if (isRefusedToken(err)) lostIdentity();
    else status.textContent = t(err instanceof ApiError && err.status === 429 ? "dataTooMany" : "dataFailed");
  } finally {
    button.disabled = false;
  }
}

/**
 * @param {unknown} err
 * @returns {string}
 */
function renameRefusal(err) {
  if (!(err instanceof ApiError)) return t("renameFailed");
  if (err.code === "pseudonym-taken") return t("pseudoTaken");
  if (err.code === "reserved-pseudonym") return t("pseudoReserved");
  if (err.code === "invalid-pseudonym") return t("pseudoInvalid", { why: err.message });
  if (err.code === "rename-too-soon") {
    const wait = Number(err.body?.retryAfter) || DAY_S;
    return tn("renameTooSoon", Math.ceil(wait / DAY_S));
  }
  if (err.code === "rate-limited") return t("renameNetwork");
  return t("renameFailed");
}

/** @param {SubmitEvent} event */
async function rename(event) {
  event.preventDefault();
  const player = savedPlayer();
  if (!player) return;
  const input = $as("new-name", HTMLInputElement);
  const status = $("rename-status");
  const button = $as("rename-submit", HTMLButtonElement);
  button.disabled = true;
  status.textContent = "";
  try {
    const renamed = await api.rename(player.token, input.value.trim());
    savePlayer({ ...player, pseudonym: renamed.pseudonym });
    input.value = "";
    draw();
    status.textContent = t(renamed.boardsUpdated ? "renameDone" : "renameLater", {
      name: renamed.pseudonym,
    });
  } catch (err) {
    if (isRefusedToken(err)) lostIdentity();
    else status.textContent = renameRefusal(err);
  } finally {
    button.disabled = false;
  }
}

/** @param {boolean} open */
function askToErase(open) {
  $("erase-confirm").hidden = !open;
  $("erase").setAttribute("aria-expanded", String(open));
  if (open) $("erase-no").focus();
  else $("erase").focus();
}

async function erase() {
  const player = savedPlayer();
  if (!player) return;
  const status = $("erase-status");
  const yes = $as("erase-yes", HTMLButtonElement);
  yes.disabled = true;
  status.textContent = t("erasing");
  try {
    for (let tries = 0; tries < ERASE_TRIES; tries += 1) {
      const answer = await api.eraseMe(player.token);
      if (answer.erased) {
        forget("erased");
        return;
      }
    }
    status.textContent = t("eraseFailed");
  } catch (err) {
    if (isRefusedToken(err)) lostIdentity();
    else status.textContent = t("eraseFailed");
  } finally {
    yes.disabled = false;
  }
}

setupLanguageSwitch();
$("download").addEventListener("click", download);
$("rename-form").addEventListener("submit", rename);
$("erase").addEventListener("click", () => askToErase($("erase-confirm").hidden));
$("erase-no").addEventListener("click", () => askToErase(false));
$("erase-yes").addEventListener("click", erase);
draw();
