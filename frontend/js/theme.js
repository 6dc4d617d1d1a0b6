// @ts-check
/**
 * Light or dark: the visitor's choice, remembered by store.js, else the system's
 * (prefers-color-scheme). lang-boot.js applies it before the first paint so no page flashes;
 * this module wires the header switch, applies a press at once (no reload), and follows a
 * change of the system setting or of the choice made in another tab.
 */
import { readText, storageKey, writeText } from "./store.js";

const THEME_KEY = "theme";

/** The system's setting as a MediaQueryList (read when needed, so importing this module has
 * no effect outside a page). */
const system = () => window.matchMedia("(prefers-color-scheme: dark)");
const systemTheme = () => (system().matches ? "dark" : "light");

function chosen() {
  const value = readText(THEME_KEY);
  return value === "dark" || value === "light" ? value : null;
}

/** The theme the page shows now. */
export function theme() {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

function apply(name) {
  document.documentElement.dataset.theme = name;
  for (const button of document.querySelectorAll(".theme-switch")) {
    button.setAttribute("aria-pressed", String(name === "dark"));
  }
}

/** Shows `name` now and remembers it for every page and visit. */
export function setTheme(name) {
  apply(name);
  writeText(THEME_KEY, name);
}

let wired = false;

export function setupThemeSwitch() {
  if (wired) return;
  wired = true;
  // In every page's header (frontend/partials/header.html).
  const button = document.getElementById("theme-switch");
  if (button) button.addEventListener("click", () => setTheme(theme() === "dark" ? "light" : "dark"));
  system().addEventListener("change", () => {
    if (!chosen()) apply(systemTheme());
  });
  window.addEventListener("storage", (event) => {
    if (event.key === storageKey(THEME_KEY) || event.key === null) {
      apply(chosen() || systemTheme());
    }
  });
  apply(theme());
}
