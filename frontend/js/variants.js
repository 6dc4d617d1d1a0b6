// @ts-check
/**
 * The rule sets as the API describes them (GET /api/variants), and the board layout drawn from
 * such a description. The site keeps no board of its own: the size, which squares play, their
 * official numbers and where the federation's diagram puts them all come from the server, so
 * an 8×8 board with its own numbering (English checkers, the inverted Italian board) is drawn
 * exactly as the server referees it. Nothing here knows which moves are legal.
 *
 * The answer changes only with a deploy (the API sends `max-age=86400`): it is kept in memory
 * for the page and in the browser's storage for a day, per variant, so a game page usually
 * draws its board without waiting for the network. This is the site's one copy of it.
 */
import { api } from "./api.js";
import { readJson, writeJson } from "./store.js";

const STORE_PREFIX = "variant.";
/** As long as the API lets a cache keep the answer. */
const KEEP_MS = 24 * 60 * 60 * 1000;

const known = new Map();
/** Every variant as the server listed them (its order), once this page fetched the list. */
let listed = null;
let request = null;

function readStored(name, fresh) {
  const entry = readJson(STORE_PREFIX + name);
  if (!entry || !usable(entry.variant)) return null;
  if (fresh && !(Date.now() - entry.savedAt < KEEP_MS)) return null;
  return entry.variant;
}

function store(variant) {
  known.set(variant.name, variant);
  writeJson(STORE_PREFIX + variant.name, { savedAt: Date.now(), variant });
}

/** Enough of a description to draw a board from (an old or broken copy is refetched). */
function usable(v) {
  return Boolean(v) && typeof v.name === "string" && Number.isInteger(v.size)
    && Array.isArray(v.squares) && v.squares.length > 0 && Array.isArray(v.sides)
    && "rankedSetup" in v;
}

function fetchAll() {
  if (!request) {
    request = api.variants()
      .then((body) => {
        const list = ((body && body.variants) || []).filter(usable);
        for (const v of list) store(v);
        listed = list;
        return list;
      })
      .finally(() => {
        request = null;
      });
  }
  return request;
}

/** Every variant the server plays, in its order (fetched once per page; rejects when the
 * server cannot be reached). */
export async function loadVariants() {
  return listed || fetchAll();
}

/** The variants' names in the order the API lists them (the site's order everywhere). */
export async function variantNames() {
  return (await loadVariants()).map((v) => v.name);
}

/** The description already at hand (memory, or a copy stored less than a day ago), or null. */
export function cachedVariant(name) {
  if (known.has(name)) return known.get(name);
  const stored = readStored(name, true);
  if (stored) known.set(name, stored);
  return stored;
}

/** The API's description of variant `name`; an older stored copy serves when the network
 * fails. Rejects when neither the server nor the browser knows it. */
export async function loadVariant(name) {
  const ready = cachedVariant(name);
  if (ready) return ready;
  try {
    await fetchAll();
  } catch (err) {
    const old = readStored(name, false);
    if (old) {
      known.set(name, old);
      return old;
    }
    throw err;
  }
  if (!known.has(name)) throw new Error(`unknown variant ${name}`);
  return known.get(name);
}

/**
 * Where each square sits on the variant's own diagram: `cells` (number → {row, col}, row 0 at
 * the top), `at(row, col)` (the number, or null on a square that does not play), `size`, and
 * `whiteUp` (White's men move towards row 0, i.e. White is at the bottom of the diagram).
 */
export function boardLayout(variant) {
  const size = variant.size;
  const grid = Array.from({ length: size }, () => new Array(size).fill(null));
  const cells = new Map();
  for (const s of variant.squares) {
    cells.set(s.number, { row: s.row, col: s.col });
    grid[s.row][s.col] = s.number;
  }
  const white = variant.sides.find((side) => side.color === "white");
  return {
    name: variant.name,
    size,
    cells,
    at: (row, col) => (row >= 0 && row < size && col >= 0 && col < size ? grid[row][col] : null),
    whiteUp: white ? white.movesUp !== false : true,
    cornerPlays: grid[0][0] !== null,
  };
}

/** A square for the keyboard cursor to start on: on the lower side, left of the middle. */
export function startCursor(layout) {
  const row = Math.round(layout.size * 0.6);
  const aim = layout.size * 0.3;
  let best = null;
  for (const [sq, cell] of layout.cells) {
    if (cell.row !== row) continue;
    if (best === null || Math.abs(cell.col - aim) < Math.abs(layout.cells.get(best).col - aim)) {
      best = sq;
    }
  }
  return best ?? layout.cells.keys().next().value;
}

/**
 * The square the keyboard cursor reaches, in diagram directions. Left/right go to the nearest
 * playing square of the same row; up/down go one row and pick the playing square nearest the
 * column the user was aiming at, so repeated presses zigzag instead of drifting sideways.
 */
export function stepCursor(layout, square, key, aimCol) {
  const { row, col } = layout.cells.get(square);
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const dir = key === "ArrowLeft" ? -1 : 1;
    for (let c = col + dir; c >= 0 && c < layout.size; c += dir) {
      const found = layout.at(row, c);
      if (found !== null) return { square: found, aimCol: c };
    }
    return { square, aimCol: col };
  }
  const r = row + (key === "ArrowUp" ? -1 : 1);
  const options = [col - 1, col + 1].filter((c) => layout.at(r, c) !== null);
  if (!options.length) return { square, aimCol };
  options.sort((a, b) => Math.abs(a - aimCol) - Math.abs(b - aimCol) || a - b);
  return { square: layout.at(r, options[0]), aimCol };
}
