/**
 * What the browser keeps between visits: the game in progress per mode (id + token, so a
 * reload resumes it), the player's pseudonym token, and the display settings.
 */
const PREFIX = "dames.";

function read(key) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the game still plays, it just won't survive a reload */
  }
}

/** Stored game for a mode: {id, token, date?, fen?}. */
export const savedGame = (mode) => read(`game.${mode}`);
export const saveGame = (mode, entry) => write(`game.${mode}`, entry);
export const forgetGame = (mode) => write(`game.${mode}`, null);

/** The player's identity once a pseudonym was chosen: {playerId, pseudonym, token}. */
export const savedPlayer = () => read("player");
export const savePlayer = (player) => write("player", player);

export const showNumbers = () => read("numbers") === true;
export const setShowNumbers = (on) => write("numbers", on);
