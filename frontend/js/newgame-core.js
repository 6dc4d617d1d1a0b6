// @ts-check
/**
 * Starting a game from the new-game choices (level, colour, variant, two players), shared by
 * the new-game screen and the game page's "new game" button. The choices and the colour of the
 * last alternating game live in the browser; the game itself is created by the server.
 */
import { api } from "./api.js";
import { readJson, saveGame, writeJson } from "./store.js";

export const LEVELS = ["debutant", "facile", "defi", "fort", "maitre"];
export const DEFAULT_CHOICES = {
  opponent: "computer", level: "defi", color: "alternate", variant: "international",
};
const CHOICES_KEY = "newgame";
const ALTERNATE_KEY = "alternate";

/** The last choices made on this device, each checked against what exists. */
export function loadChoices() {
  const saved = readJson(CHOICES_KEY) || {};
  const choices = { ...DEFAULT_CHOICES };
  if (saved.opponent === "duo") choices.opponent = "duo";
  if (LEVELS.includes(saved.level)) choices.level = saved.level;
  if (["white", "black", "alternate"].includes(saved.color)) choices.color = saved.color;
  if (typeof saved.variant === "string" && saved.variant) choices.variant = saved.variant;
  return choices;
}

export function saveChoices(choices) {
  writeJson(CHOICES_KEY, choices);
}

/** The colour an "alternate" game gets next: White first, then the other one each time. */
export function nextAlternateColor() {
  return readJson(ALTERNATE_KEY) === "white" ? "black" : "white";
}

/** The colour the player gets with these choices (alternate resolved, not yet recorded). */
export function colorFor(choices) {
  return choices.color === "alternate" ? nextAlternateColor() : choices.color;
}

/** Whether the server will rank such a game, as GET /api/variants says for the chosen
 * `variant` (its `rankedSetup`: the level and colour that rank a game from the start; a hint
 * or a takeback later makes it casual). The server decides; this only says it beforehand. */
export function rankedSetup(choices, variant) {
  const setup = variant && variant.rankedSetup;
  return Boolean(setup) && choices.opponent === "computer" && choices.variant === variant.name
    && choices.level === setup.level && colorFor(choices) === setup.color;
}

/** Creates the game on the server, keeps it for the game page (as play.js resumes it) and
 * returns the address of the page to open. `fen` starts from a position (casual). */
export async function createFromChoices(choices, { fen = null } = {}) {
  const duo = choices.opponent === "duo";
  /** @type {Api.CreateGameRequest} */
  const body = { mode: duo ? "duo" : "free" };
  if (choices.variant && choices.variant !== "international") body.variant = choices.variant;
  if (fen) body.fen = fen;
  const color = duo ? null : colorFor(choices);
  if (!duo) {
    body.level = choices.level;
    body.color = color;
  }
  const created = await api.createGame(body);
  if (!duo && choices.color === "alternate") writeJson(ALTERNATE_KEY, color);
  saveGame(body.mode, { id: created.game.id, token: created.token, status: created.game.status });
  return `play.html?mode=${body.mode}`;
}
