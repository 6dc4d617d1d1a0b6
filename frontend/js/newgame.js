// @ts-check
/**
 * The new-game screen: the opponent (a computer level, or two players on this device), the
 * player's colour (alternate by default) and, when the server offers more than one, the
 * variant. The last choices are remembered; the game is created by the server and opened on
 * the game page, which resumes it like any saved game.
 */
import { ApiError } from "./api.js";
import "./freeplay-words.js";
import { lang, setupLanguageSwitch, t } from "./i18n.js";
import {
  LEVELS, createFromChoices, loadChoices, nextAlternateColor, rankedSetup, saveChoices,
} from "./newgame-core.js";
import { savedGame } from "./store.js";
import { duoFlip, setDuoFlip } from "./duo-prefs.js";
import { cachedVariant, loadVariants } from "./variants.js";
import { $, $as, targetAs } from "./dom.js";

const form = $("newgame-form");
let choices = loadChoices();
let variants = ["international"];

function radio(name, value, labelNodes) {
  const label = document.createElement("label");
  label.className = "choice";
  const input = document.createElement("input");
  input.type = "radio";
  input.name = name;
  input.value = value;
  label.append(input, " ", ...labelNodes);
  return label;
}

function drawLevels() {
  const box = $("levels");
  box.replaceChildren(...LEVELS.map((level) => {
    const name = document.createElement("strong");
    name.textContent = t(`level:${level}`);
    const how = document.createElement("span");
    how.className = "choice-how";
    how.textContent = t(`levelHow:${level}`);
    const text = document.createElement("span");
    text.append(name, how);
    return radio("level", level, [text]);
  }));
}

function drawVariants() {
  $("variant-group").hidden = variants.length < 2;
  $("variants").replaceChildren(...variants.map((v) => {
    const text = document.createElement("span");
    text.textContent = t(`variant:${v}`);
    return radio("variant", v, [text]);
  }));
}

/** The colours as the variant names them, and who starts as it says (Black in English
 * checkers): before the API answers, the page's own words without who starts. */
function nameColors(variant) {
  for (const color of ["white", "black"]) {
    const label = $(`color-${color}-label`);
    const side = variant && (variant.sides || []).find((s) => s.color === color);
    if (!side) continue;
    label.textContent = t(color === variant.firstToMove ? "colorYouStart" : "colorComputerStarts", {
      side: side.name[lang()] || side.name.en,
    });
  }
}

/** Puts the remembered choices into the form, and shows what they mean. */
function draw() {
  drawLevels();
  drawVariants();
  if (!variants.includes(choices.variant)) choices.variant = "international";
  for (const [name, value] of Object.entries(choices)) {
    const input = /** @type {HTMLInputElement | null} */ (
      form.querySelector(`input[name="${name}"][value="${value}"]`));
    if (input) input.checked = true;
  }
  const duo = choices.opponent === "duo";
  $("level-group").hidden = duo;
  $("color-group").hidden = duo;
  $("flip-option").hidden = !duo;
  $as("flip", HTMLInputElement).checked = duoFlip();
  $("alternate-label").textContent = t("alternateNext", {
    color: t(`color:${nextAlternateColor()}`),
  });
  const variant = cachedVariant(choices.variant);
  nameColors(variant);
  const ranked = !duo && rankedSetup(choices, variant);
  // Until the server has said which set-up is ranked, say nothing rather than guess wrong.
  const note = duo ? t("duoNote") : variant ? t(ranked ? "rankedYes" : "rankedNo") : "";
  $("ranked-note").textContent = note;
  $("ranked-note").classList.toggle("ranked", ranked);
  drawResume();
}

/** A game still in progress is offered first: starting a new one replaces it. */
function drawResume() {
  for (const mode of ["free", "duo"]) {
    const saved = savedGame(mode);
    if (saved && (!saved.status || saved.status === "playing")) {
      $("resume").hidden = false;
      $as("resume-link", HTMLAnchorElement).href = `play.html?mode=${mode}`;
      $("resume-link").textContent = t("resumeGame");
      return;
    }
  }
  $("resume").hidden = true;
}

form.addEventListener("change", (e) => {
  const { id, name, value } = targetAs(e, HTMLInputElement);
  if (id === "flip") return;
  if (name in choices) choices = { ...choices, [name]: value };
  saveChoices(choices);
  draw();
});

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = $as("start", HTMLButtonElement);
  button.disabled = true;
  $("start-error").textContent = t("starting");
  saveChoices(choices);
  try {
    location.href = await createFromChoices(choices);
  } catch (err) {
    const why = err instanceof ApiError && !err.retryable ? err.message : t("requestFailed");
    $("start-error").textContent = t("startFailed", { why });
    button.disabled = false;
  }
});

/** The variants the server plays, when it says (older servers: international only). */
async function showServerVariants() {
  try {
    const names = (await loadVariants()).map((v) => v.name);
    if (names.includes("international")) {
      variants = names;
      draw();
    }
  } catch {
    /* no list: international only */
  }
}

$("flip").addEventListener("change", (e) => setDuoFlip(targetAs(e, HTMLInputElement).checked));
setupLanguageSwitch(draw);
draw();
showServerVariants();
