// @ts-check
/**
 * Moving the player's identity to another device (leaderboards page). The device holding the
 * pseudonym asks the server for a one-time code and shows it once; typed on the other device,
 * the code gives that device the player's new token, and the first device's stops working.
 * The server holds the rules (15 minutes, single use, tries counted); this page only carries
 * the code between the player's hands and the API.
 */
import { api } from "./api.js";
import { IDENTITY_MOVED } from "./identity.js";
import { savedPlayer, savePlayer } from "./store.js";
import { $, $as } from "./dom.js";

function showError(code) {
  const box = $("transfer-error");
  const known = ["bad-transfer-code", "invalid-transfer-code", "bad-player-token"].includes(code);
  for (const p of box.querySelectorAll("[data-error]")) {
    if (!(p instanceof HTMLElement)) continue;
    p.hidden = p.dataset.error !== (known ? code : "other");
  }
  box.hidden = code === null;
}

function drawPlayer() {
  const player = savedPlayer();
  $("transfer-give").hidden = !player;
  $("transfer-replaces").hidden = !player;
}

async function askForCode() {
  const player = savedPlayer();
  if (!player) return;
  showError(null);
  $as("transfer-ask", HTMLButtonElement).disabled = true;
  try {
    const issued = await api.transferCode(player.token);
    $("transfer-name").textContent = player.pseudonym;
    $("transfer-code").textContent = issued.code;
    const until = $as("transfer-until", HTMLTimeElement);
    until.dateTime = issued.expiresAt;
    until.textContent = new Date(issued.expiresAt)
      .toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
    $("transfer-shown").hidden = false;
  } catch (err) {
    showError(err.code || "other");
  } finally {
    $as("transfer-ask", HTMLButtonElement).disabled = false;
  }
}

async function useCode(event) {
  event.preventDefault();
  showError(null);
  const input = $as("transfer-input", HTMLInputElement);
  const button = event.submitter || event.target.querySelector("button");
  button.disabled = true;
  try {
    const moved = await api.redeemTransfer(input.value);
    savePlayer({ playerId: moved.playerId, pseudonym: moved.pseudonym, token: moved.playerToken });
    input.value = "";
    $("transfer-shown").hidden = true;
    $("transfer-who").textContent = moved.pseudonym;
    $("transfer-done").hidden = false;
    drawPlayer();
  } catch (err) {
    showError(err.code || "other");
  } finally {
    button.disabled = false;
  }
}

$("transfer-ask").addEventListener("click", askForCode);
// This device's pseudonym moved elsewhere: it has nothing to give any more.
window.addEventListener(IDENTITY_MOVED, () => {
  $("transfer-shown").hidden = true;
  drawPlayer();
});
$("transfer-form").addEventListener("submit", useCode);
drawPlayer();
