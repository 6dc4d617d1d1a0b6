/**
 * Geometry of the 10×10 international board, seen with White at the bottom.
 * Only the mapping between official square numbers (1–50) and screen cells lives here:
 * the site never decides which moves are legal, the API does.
 */
export const SIZE = 10;
export const SQUARES = 50;

/** Official number of the cell at (row, col), rows counted from the top; null on a light cell. */
export function squareAt(row, col) {
  if ((row + col) % 2 === 0) return null;
  return row * 5 + Math.floor(col / 2) + 1;
}

/** Screen cell of an official square number. */
export function cellOf(square) {
  const row = Math.floor((square - 1) / 5);
  const pos = (square - 1) % 5;
  return { row, col: row % 2 === 0 ? 2 * pos + 1 : 2 * pos };
}

/**
 * Square reached by moving the keyboard cursor. Left/right go to the neighbouring dark square
 * of the same row; up/down go one row and pick the dark square nearest the column the user
 * was aiming at, so that repeated up/down presses zigzag instead of drifting sideways.
 */
export function stepCursor(square, key, aimCol) {
  const { row, col } = cellOf(square);
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const c = col + (key === "ArrowLeft" ? -2 : 2);
    if (c < 0 || c >= SIZE) return { square, aimCol: col };
    return { square: squareAt(row, c), aimCol: c };
  }
  const r = row + (key === "ArrowUp" ? -1 : 1);
  if (r < 0 || r >= SIZE) return { square, aimCol };
  const options = [col - 1, col + 1].filter((c) => c >= 0 && c < SIZE);
  options.sort((a, b) => Math.abs(a - aimCol) - Math.abs(b - aimCol) || a - b);
  return { square: squareAt(r, options[0]), aimCol };
}
