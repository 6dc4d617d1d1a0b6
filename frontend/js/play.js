// @ts-check
/**
 * The game page: loads or resumes a game (play-session.js), lets the player pick among the
 * API's legal moves (move-input.js), draws the game (play-view.js), tells the server when the
 * page is hidden (pause-sync.js), and ends with the end screen (end-screen.js). This module
 * wires them together with the page's own controls (resign, numbers, sound, language).
 */
import { setupLanguageSwitch, t } from "./i18n.js";
import { drawClaim, drawCountdown, drawEnd } from "./end-screen.js";
import { setupGameTools } from "./game-tools.js";
import "./move-input.js";
import { handleFailure, sayErrorAgain } from "./play-errors.js";
import { loadGame, newGame, resign, start } from "./play-session.js";
import { board, page, setReviewing, state } from "./play-state.js";
import {
  drawBanner, drawClock, onRender, render,
} from "./play-view.js";
import { setSoundOn, soundOn } from "./sound.js";
import { setShowNumbers, showNumbers } from "./store.js";
import { todayUtc } from "./streak.js";
import { $, $as, targetAs } from "./dom.js";

/** Help, two players, review, PDN and statistics (game-tools.js). */
const tools = setupGameTools({
  board,
  game: () => state.game,
  token: () => state.token,
  idle: () => !state.busy && !state.pending,
  start: (game) => start(game, state.token),
  redraw: () => render(),
  failed: (err, retry) => handleFailure(err, retry),
  setReviewing: (on) => setReviewing(on),
});
onRender(drawEnd);
onRender(tools.drawn);

$("new-game").addEventListener("click", () => tools.newGame());
$("play-again").addEventListener("click", () => {
  const g = state.game;
  // The finished game was yesterday's challenge: "play again" opens today's.
  if (g && !page.pastDate && g.date !== todayUtc()) {
    location.href = "play.html?mode=daily";
    return;
  }
  newGame();
});

$("resign").addEventListener("click", async () => {
  const button = $("resign");
  if (!button.dataset.confirm) {
    button.dataset.confirm = "1";
    button.textContent = t("confirmResign");
    setTimeout(() => {
      delete button.dataset.confirm;
      button.textContent = t("resign");
    }, 4000);
    return;
  }
  delete button.dataset.confirm;
  try {
    await resign();
  } catch (err) {
    handleFailure(err, () => button.click());
  }
});

$as("numbers", HTMLInputElement).checked = showNumbers();
board.setNumbers(showNumbers());
$("numbers").addEventListener("change", (e) => {
  const { checked } = targetAs(e, HTMLInputElement);
  setShowNumbers(checked);
  board.setNumbers(checked);
});

$as("sound", HTMLInputElement).checked = soundOn();
$("sound").addEventListener("change", (e) => setSoundOn(targetAs(e, HTMLInputElement).checked));

setupLanguageSwitch(() => {
  if (state.game) render();
  sayErrorAgain();
});

setInterval(() => {
  drawClock();
  if (state.game) {
    drawBanner();
    drawCountdown();
    if (state.game.status === "won" && !state.claim && !state.game.claimed) drawClaim();
  }
}, 500);
$("status-text").textContent = t("loading");
loadGame();
