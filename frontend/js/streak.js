// @ts-check
/**
 * The daily streak: consecutive UTC days with a daily win. For a player with a pseudonym the
 * server computes it from their claims (GET /api/players/me), which the page cannot forge; for
 * the others the browser keeps its own count. The game page and the home page both show it.
 */
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { STREAK_KEY as KEY, readJson, savedPlayer, writeJson } from "./store.js";

const DAY_MS = 86_400_000;

export const todayUtc = () => new Date().toISOString().slice(0, 10);

function dayNumber(iso) {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

function readLocal() {
  const raw = readJson(KEY);
  if (raw && typeof raw.current === "number" && typeof raw.best === "number") return raw;
  return { current: 0, best: 0, lastDate: null };
}

/** A streak whose last win is older than yesterday is broken: its current run is 0. */
export function alive(streak, today = todayUtc()) {
  if (!streak || !streak.lastDate) return { current: 0, best: streak ? streak.best || 0 : 0, lastDate: null };
  const gap = dayNumber(today) - dayNumber(streak.lastDate);
  return { ...streak, current: gap <= 1 ? streak.current : 0 };
}

/** The browser's own streak (for a player without a pseudonym). */
export function localStreak(today = todayUtc()) {
  return alive(readLocal(), today);
}

/** Counts a won daily challenge of `date` (a ranked one: replays of past days do not count). */
export function recordDailyWin(date) {
  const s = readLocal();
  if (s.lastDate && dayNumber(date) <= dayNumber(s.lastDate)) return alive(s);
  const next = s.lastDate && dayNumber(date) - dayNumber(s.lastDate) === 1 ? s.current + 1 : 1;
  const saved = { current: next, best: Math.max(s.best, next), lastDate: date };
  writeJson(KEY, saved);
  return alive(saved);
}

/** The streak to show: the server's for a player with a pseudonym (falling back to the
 * browser's when it cannot be reached), else the browser's. */
export async function loadStreak() {
  const player = savedPlayer();
  if (player && player.token) {
    try {
      const me = await api.me(player.token);
      // As the server counted it now (it knows when yesterday's challenge closes).
      if (me && me.streak) return { ...me.streak, source: "server" };
    } catch {
      /* offline or unknown token: the browser's count is better than nothing */
    }
  }
  return { ...localStreak(), source: "browser" };
}

function days(n) {
  const one = lang() === "fr" ? n < 2 : n === 1;
  return t(one ? "streakDay" : "streakDays", { n });
}

/** One line for the page: current and best streak, or how to start one. */
export function streakText(streak) {
  if (!streak || (!streak.current && !streak.best)) return t("streakNone");
  return t("streakLine", { current: days(streak.current), best: days(streak.best) });
}
