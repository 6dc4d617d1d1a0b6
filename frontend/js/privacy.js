// @ts-check
/**
 * The privacy page: the notice is static text in both languages (written from
 * docs/personal-data.md); only what the deployed stack decides is filled in here, from
 * `GET /api/privacy/controller`: the controller and contact (deploy parameters; a local run
 * has none and says so), the region that stores the data and how long the logs are kept.
 */
import { api } from "./api.js";
import { $, $as } from "./dom.js";
import { setupLanguageSwitch } from "./i18n.js";

/**
 * @param {string} name the `data-fill` slot
 * @param {string} text
 */
function fill(name, text) {
  for (const node of document.querySelectorAll(`[data-fill="${name}"]`)) node.textContent = text;
}

async function showController() {
  const status = $("controller-unknown");
  try {
    const answer = await api.controller();
    if (answer.local) {
      $("controller-local").hidden = false;
    } else {
      $("controller-name").textContent = answer.name;
      $("controller-contact").textContent = answer.contact;
      $("controller-deployed").hidden = false;
    }
    if (answer.region) fill("region", answer.region);
    if (answer.logRetentionDays) fill("logRetentionDays", String(answer.logRetentionDays));
    status.hidden = true;
  } catch {
    status.replaceChildren($as("controller-failed", HTMLTemplateElement).content.cloneNode(true));
    status.hidden = false;
  }
}

setupLanguageSwitch();
showController();
