// @ts-check
/**
 * The notes a PDN file writes beside its moves, as the PDN viewer shows them: the marks after
 * a move (!, ?!, and the usual NAGs as their glyphs), its comment, its `[%eval]` mark, and the
 * variations played instead of it, each move of which is a control that shows its position.
 * The server reads all of it (POST /api/games/pdn/read, docs/http-api.md); this module only
 * words and draws what it answers.
 */
import "./analysis-words.js";
import "./freeplay-words.js";
import { formatEval } from "./eval-format.js";
import { t, tn } from "./i18n.js";

/** Positional NAGs written the way annotators print them (PGN's table, shared by PDN). */
const NAG_GLYPHS = {
  $7: "□", $10: "=", $13: "∞", $14: "⩲", $15: "⩱", $16: "±", $17: "∓", $18: "+−", $19: "−+",
  $22: "⨀", $32: "⟳", $36: "↑", $40: "→", $44: "=∞", $132: "⇆", $138: "⊕", $146: "N",
};

/**
 * The marks after a move as printed: "!?", "⩲", "$201" when no glyph is known.
 * @param {string[]} marks as the reader answers them
 * @returns {string}
 */
export function markText(marks) {
  return (marks || []).map((m) => NAG_GLYPHS[m] || m).join("");
}

/**
 * A move as the file writes it, its marks after it: "19-23!?".
 * @param {{notation: string, marks?: string[]}} ply
 * @returns {string}
 */
export function plyText(ply) {
  return `${ply.notation}${markText(ply.marks)}`;
}

/**
 * Whether a ply carries anything beside its move.
 * @param {{comment?: string|null, eval?: object|null, variations?: object[]}} ply
 * @returns {boolean}
 */
export function hasNotes(ply) {
  return Boolean(ply.comment || ply.eval || (ply.variations && ply.variations.length));
}

/** A file's `[%eval]` mark worded: men for White, or who wins in how many moves. */
function evalText(mark) {
  if (mark.mate !== null && mark.mate !== undefined) {
    const n = Math.abs(mark.mate);
    return tn(mark.mate > 0 ? "evalMateWhite" : "evalMateBlack", n);
  }
  return formatEval(mark.value);
}

function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

/** One variation: its moves as controls (`data-var` the path to it, `data-at` the move),
 * each followed by its comment; why it stops short, if it does. */
function variationItem(variation, path) {
  const li = document.createElement("li");
  li.className = "variation";
  if (variation.comment) li.append(paragraph("note-comment", variation.comment));
  const line = document.createElement("p");
  line.className = "variation-line";
  variation.moves.forEach((ply, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "var-move";
    button.dataset.var = path;
    button.dataset.at = String(i + 1);
    button.textContent = plyText(ply);
    line.append(button, " ");
    if (ply.comment) {
      const note = document.createElement("span");
      note.className = "note-comment";
      note.textContent = ply.comment;
      line.append(note, " ");
    }
  });
  li.append(line);
  if (variation.error) li.append(paragraph("note-error", t("importVariationStops", { why: variation.error })));
  return li;
}

/**
 * Draws into `box` the notes of the position shown: the comment before the line (at its
 * start), else the comment, evaluation and variations of the move that led there. `path`
 * names that move's variations for `variationAt` ("3" is main ply 3's list, "3.0.2" the
 * list of the first variation's second move…).
 * @param {HTMLElement} box
 * @param {{comment?: string|null, ply?: object|null, path: string}} shown
 */
export function drawNotes(box, { comment = null, ply = null, path }) {
  box.textContent = "";
  if (!ply) {
    if (comment) box.append(paragraph("note-comment", comment));
  } else {
    if (ply.eval) box.append(paragraph("note-eval", t("importEval", { value: evalText(ply.eval) })));
    if (ply.comment) box.append(paragraph("note-comment", ply.comment));
    if (ply.variations && ply.variations.length) {
      box.append(paragraph("note-head", t("importInstead", { m: plyText(ply) })));
      const list = document.createElement("ul");
      list.className = "variations";
      ply.variations.forEach((v, i) => list.append(variationItem(v, `${path}.${i}`)));
      box.append(list);
    }
  }
  box.hidden = !box.childElementCount;
}

/**
 * The variation `path` names, from the game's main line.
 * @param {{moves: object[]}} game
 * @param {string} path "3.0" (main ply 3, its first variation), "3.0.2.1"…
 * @returns {{moves: object[], startFen: string}|null}
 */
export function variationAt(game, path) {
  const steps = path.split(".").map(Number);
  let plies = game.moves;
  let found = null;
  for (let i = 0; i + 1 < steps.length; i += 2) {
    const ply = plies[steps[i] - 1];
    found = ply && ply.variations ? ply.variations[steps[i + 1]] : null;
    if (!found) return null;
    plies = found.moves;
  }
  return found;
}
