// @ts-check
/**
 * A game's move list, as the game page and the PDN viewer both show it: one line per move
 * pair, each line starting with the variant's first mover (Black in English checkers), so a
 * game from a position where the other side moved first leaves that first place as "…".
 * Once a game may be stepped through, each move becomes a control showing the position after
 * it (the page listens for clicks on `.mv[data-ply]`).
 */

/** A move's text with a break opportunity after each square, so a long capture
 * (30x39x28x37x46) wraps inside its own box instead of running into the next move. */
function moveItem(text, ply) {
  const span = document.createElement("span");
  span.className = "mv";
  span.dataset.move = String(ply);
  const parts = text.split(/(?<=[-x])/);
  parts.forEach((part, i) => {
    span.append(part);
    if (i < parts.length - 1) span.append(document.createElement("wbr"));
  });
  return span;
}

/** Draws `notations` into `list` (an <ol>); `firstMover` played the first of them and
 * `opener` is the colour that starts a game of this variant. */
export function drawMoveList(list, notations, { firstMover, opener }) {
  list.textContent = "";
  const items = notations.map((text, i) => moveItem(text, i + 1));
  if (firstMover !== opener && items.length) {
    const gap = document.createElement("span");
    gap.className = "mv-gap";
    gap.textContent = "…";
    items.unshift(gap);
  }
  for (let i = 0; i < items.length; i += 2) {
    const li = document.createElement("li");
    li.append(items[i]);
    if (items[i + 1]) li.append(" ", items[i + 1]);
    list.append(li);
  }
  // Keep the latest move in view inside the list without scrolling the page itself.
  list.scrollTop = list.scrollHeight;
}

/** Makes every move of `list` a control (or plain text again), and marks the move at
 * `current` (a ply; 0 or null: none) as the one shown. */
export function markMoves(list, { controls, current = null }) {
  for (const span of list.querySelectorAll(".mv")) {
    const ply = Number(span.dataset.move);
    if (!controls) {
      delete span.dataset.ply;
      span.removeAttribute("tabindex");
      span.removeAttribute("role");
      span.classList.remove("current");
      span.removeAttribute("aria-current");
      continue;
    }
    span.dataset.ply = String(ply);
    span.tabIndex = 0;
    span.setAttribute("role", "button");
    span.classList.toggle("current", current === ply);
    if (current === ply) span.setAttribute("aria-current", "step");
    else span.removeAttribute("aria-current");
  }
}

/** Calls `go(ply)` when a move of `list` is clicked, or pressed with Enter or Space. */
export function onMoveChosen(list, go) {
  list.addEventListener("click", (e) => {
    const span = e.target.closest(".mv[data-ply]");
    if (span) go(Number(span.dataset.ply));
  });
  list.addEventListener("keydown", (e) => {
    const span = e.target.closest(".mv[data-ply]");
    if (span && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      go(Number(span.dataset.ply));
    }
  });
}
