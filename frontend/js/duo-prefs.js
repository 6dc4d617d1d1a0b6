/** Two players on one device: whether the board turns after each move (kept on the device). */
const KEY = "dames.duoFlip";

export function duoFlip() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function setDuoFlip(on) {
  try {
    localStorage.setItem(KEY, on ? "1" : "0");
  } catch {
    /* private mode: the option lasts for this page only */
  }
}
