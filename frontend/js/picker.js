// @ts-check
/**
 * Turns the player's touches into one of the legal moves the API sent (each with its full path
 * and captured squares). A touch on a final square is enough when a single path leads there;
 * otherwise the player touches the landing squares one by one, the pieces already jumped
 * being shown as taken.
 */

/** Squares holding a piece that has at least one legal move (the API already keeps only
 * maximum captures when capturing is mandatory). */
export function movableSquares(moves) {
  return new Set(moves.map((m) => m.path[0]));
}

export function emptyPick() {
  return { from: null, path: [] };
}

/** Moves still possible given the squares touched so far. */
export function candidates(moves, pick) {
  if (pick.from === null) return [];
  return moves.filter((m) => pick.path.every((sq, i) => m.path[i] === sq));
}

/** What to draw for the current pick: final squares, intermediate landings, the landings
 * already touched and the pieces already jumped. */
export function pickMarks(moves, pick) {
  const list = candidates(moves, pick);
  const k = pick.path.length;
  const finals = new Set();
  const steps = new Set();
  for (const m of list) {
    finals.add(m.path[m.path.length - 1]);
    if (m.path.length > k + 1) steps.add(m.path[k]);
  }
  const taken = list.length ? list[0].captures.slice(0, Math.max(0, k - 1)) : [];
  return { finals, steps, visited: new Set(pick.path.slice(1)), taken: new Set(taken) };
}

/**
 * Applies one touch and says what happened: "select", "cancel", "step", "play" (with the
 * move), "ambiguous" (several paths end there), or "refuse" (not a legal destination).
 */
export function touch(moves, pick, square) {
  const movable = movableSquares(moves);
  if (pick.from === null) {
    if (movable.has(square)) return { pick: { from: square, path: [square] }, action: "select" };
    return { pick, action: "refuse" };
  }
  if (square === pick.from && pick.path.length === 1) {
    return { pick: emptyPick(), action: "cancel" };
  }
  const list = candidates(moves, pick);
  const k = pick.path.length;
  const next = list.filter((m) => m.path[k] === square);
  if (next.length) {
    const path = [...pick.path, square];
    const done = next.find((m) => m.path.length === path.length);
    if (done) return { pick: emptyPick(), action: "play", move: done };
    return { pick: { from: pick.from, path }, action: "step" };
  }
  const ends = list.filter((m) => m.path[m.path.length - 1] === square);
  if (ends.length === 1) return { pick: emptyPick(), action: "play", move: ends[0] };
  if (ends.length > 1) return { pick, action: "ambiguous" };
  if (k === 1 && movable.has(square)) {
    return { pick: { from: square, path: [square] }, action: "select" };
  }
  return { pick, action: "refuse" };
}
