// @ts-check
/** Two players on one device: whether the board turns after each move (kept on the device). */
import { readText, writeText } from "./store.js";

const KEY = "duoFlip";

export function duoFlip() {
  return readText(KEY) === "1";
}

export function setDuoFlip(on) {
  writeText(KEY, on ? "1" : "0");
}
