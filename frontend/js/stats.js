// @ts-check
/**
 * The statistics page: this device's wins, draws and losses per variant, level and colour,
 * and a reset that asks once more before clearing.
 */
import "./freeplay-words.js";
import { setupLanguageSwitch, t } from "./i18n.js";
import { LEVELS } from "./newgame-core.js";
import { resetStats, statsRows } from "./stats-store.js";
import { drawArchive } from "./stats-archive.js";
import { variantNames } from "./variants.js";
import { $ } from "./dom.js";

// The API's order of the variants, once known (rows of an unknown variant come last).
let variantOrder = [];
const rank = (list, item) => (list.includes(item) ? list.indexOf(item) : list.length);

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

function draw() {
  const rows = statsRows().sort((a, b) => rank(variantOrder, a.variant) - rank(variantOrder, b.variant)
    || rank([...LEVELS, "duo"], a.level) - rank([...LEVELS, "duo"], b.level)
    || a.color.localeCompare(b.color) * -1);
  $("stats-table").hidden = rows.length === 0;
  $("stats-empty").hidden = rows.length > 0;
  $("stats-empty").textContent = t("statsEmpty");
  const several = new Set(rows.map((r) => r.variant)).size > 1 || rows.some((r) => r.variant !== "international");
  $("stats-body").replaceChildren(...rows.map((r) => {
    const tr = document.createElement("tr");
    tr.dataset.level = r.level;
    tr.dataset.color = r.color;
    tr.dataset.variant = r.variant;
    let level = r.level === "duo" ? t("statsDuo") : t(`level:${r.level}`);
    if (several) level = `${level} · ${t(`variant:${r.variant}`)}`;
    tr.append(cell("td", level), cell("td", t(`color:${r.color}`)),
      cell("td", String(r.win)), cell("td", String(r.draw)), cell("td", String(r.loss)));
    tr.children[2].className = "win";
    tr.children[3].className = "draw";
    tr.children[4].className = "loss";
    return tr;
  }));
  drawArchive();
}

const resetLabel = [...$("stats-reset").childNodes];
$("stats-reset").addEventListener("click", () => {
  const button = $("stats-reset");
  if (!button.dataset.confirm) {
    button.dataset.confirm = "1";
    button.textContent = t("statsConfirm");
    return;
  }
  delete button.dataset.confirm;
  button.replaceChildren(...resetLabel);
  resetStats();
  $("stats-status").textContent = t("statsReset");
  draw();
});

setupLanguageSwitch(draw);
draw();
variantNames().then((names) => {
  variantOrder = names;
  draw();
}, () => { /* offline: the rows keep the order they were counted in */ });
