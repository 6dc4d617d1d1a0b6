// @ts-check
/**
 * Reads a PDN FEN (e.g. "W:W31-50:B1-20", "B:W31,K45:B1,2.") into pieces per square, only to
 * draw the position the server sent; it knows nothing about which moves are legal.
 */
export function parseFen(fen) {
  const pieces = new Map();
  const text = fen.trim().replace(/\.$/, "");
  const parts = text.split(":");
  const turn = parts[0].toUpperCase() === "B" ? "black" : "white";
  for (const part of parts.slice(1)) {
    const color = part[0].toUpperCase() === "B" ? "black" : "white";
    for (const token of part.slice(1).split(",")) {
      const item = token.trim();
      if (!item) continue;
      const king = item[0].toUpperCase() === "K";
      const body = king ? item.slice(1) : item;
      const [first, last] = body.split("-").map((n) => Number.parseInt(n, 10));
      for (let sq = first; sq <= (last ?? first); sq += 1) {
        pieces.set(sq, king ? `${color}-king` : color);
      }
    }
  }
  return { turn, pieces };
}

/**
 * The position after a move the API listed as legal: the piece follows its path, the captured
 * pieces leave, and it is crowned when the API says the move promotes. Used to show the
 * player's move at once while the server answers.
 */
export function applyMove(pieces, move) {
  const next = new Map(pieces);
  const from = move.path[0];
  const to = move.path[move.path.length - 1];
  let piece = next.get(from);
  next.delete(from);
  for (const sq of move.captures) next.delete(sq);
  if (piece && move.promotes && !piece.endsWith("-king")) piece = `${piece}-king`;
  if (piece) next.set(to, piece);
  return next;
}

/** A PDN FEN ("W:W31,K45:B1,2") from the side to move and Map square → piece, squares in
 * order; the inverse of parseFen, for positions set up by hand (the analysis board's editor). */
export function formatFen(turn, pieces) {
  const field = (color) => [...pieces.entries()]
    .filter(([, kind]) => kind.startsWith(color))
    .sort(([a], [b]) => a - b)
    .map(([sq, kind]) => (kind.endsWith("-king") ? `K${sq}` : String(sq)))
    .join(",");
  return `${turn === "black" ? "B" : "W"}:W${field("white")}:B${field("black")}`;
}
