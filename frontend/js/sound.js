// @ts-check
/**
 * Move and capture sounds, made on the spot with WebAudio (no file to fetch, nothing for the
 * CSP to allow). Off unless the player turned them on; the choice is remembered.
 */
import { readText, writeText } from "./store.js";

const KEY = "sound";
let context = null;

export function soundOn() {
  return readText(KEY) === "true";
}

/** Remembers the choice; turning sounds on happens in a click, which is when browsers let a
 * page start its audio. */
export function setSoundOn(on) {
  writeText(KEY, on ? "true" : "false");
  if (on) audio();
}

function audio() {
  const Ctor = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Ctor) return null;
  if (!context) context = new Ctor();
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** One short tone: a sine (a wooden "tock") or a triangle, with a quick fade so it clicks. */
function tone(ctx, at, freq, length, type, gain) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(freq * 0.7, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/**
 * Plays the sound of a move: `who` is "player" or "computer" (a lower tone), and a capture
 * adds one brighter click per piece taken (at most four), so a big capture is heard as one.
 */
export function playMoveSound(who, captures = 0) {
  if (!soundOn()) return;
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  tone(ctx, start, who === "computer" ? 330 : 440, 0.09, "sine", 0.25);
  for (let i = 0; i < Math.min(captures, 4); i += 1) {
    tone(ctx, start + 0.08 + i * 0.07, 880, 0.06, "triangle", 0.18);
  }
}
