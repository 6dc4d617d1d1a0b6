// @ts-check
/**
 * What the browser keeps between visits, and the one module that touches its storage: the
 * game in progress per mode (id + token, so a reload resumes it), the player's pseudonym
 * token, the display settings, and what other modules keep under their own key. Every key
 * lives under "dames."; storage that is full, disabled or private costs only the memory of
 * a choice, never the game. (lang-boot.js reads the language and theme before the first
 * paint, as a classic script that cannot import this module.)
 */
const PREFIX = "dames.";

/** The full storage key of `key` (as a "storage" event names it). */
export const storageKey = (key) => PREFIX + key;

// The storage area comes from a function: merely naming `localStorage` throws where
// storage is disabled.
function read(area, key) {
  try {
    return area().getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(area, key, value) {
  try {
    if (value === null) area().removeItem(PREFIX + key);
    else area().setItem(PREFIX + key, value);
  } catch {
    /* storage full or disabled: the choice lasts for this page only */
  }
}

/** The text kept under `key`, or null. */
export const readText = (key) => read(() => localStorage, key);

/** Keeps `value` (a string) under `key`; null forgets it. */
export const writeText = (key, value) => write(() => localStorage, key, value);

/** The value kept as JSON under `key`, or null (absent or unreadable). */
export function readJson(key) {
  const raw = readText(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`; null forgets it. */
export function writeJson(key, value) {
  writeText(key, value === null ? null : JSON.stringify(value));
}

/** Text kept for this tab only (sessionStorage), e.g. a draft, or null. */
export const readTabText = (key) => read(() => sessionStorage, key);

/** Keeps `value` for this tab only; too large or disabled, the draft is just not kept. */
export const writeTabText = (key, value) => write(() => sessionStorage, key, value);

/** Stored game for a mode: {id, token, date?, fen?, status?, claim?}. */
export const savedGame = (mode) => readJson(`game.${mode}`);
export const saveGame = (mode, entry) => writeJson(`game.${mode}`, entry);
export const forgetGame = (mode) => writeJson(`game.${mode}`, null);

/** The player's identity once a pseudonym was chosen: {playerId, pseudonym, token}. */
export const savedPlayer = () => readJson("player");
/** Where the browser keeps its own daily streak (streak.js). */
export const STREAK_KEY = "streak";
export const savePlayer = (player) => writeJson("player", player);

export const showNumbers = () => readJson("numbers") === true;
export const setShowNumbers = (on) => writeJson("numbers", on);
