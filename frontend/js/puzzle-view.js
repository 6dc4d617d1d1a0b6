// @ts-check
/**
 * What the puzzle page shows besides the board: who is to move, the end of an attempt (the
 * result, the rating's change, the coup's name and line, the themes, the source, the
 * solution), the player's rating and streaks, and the spoiler-free share line of the day.
 * Nothing here decides anything: every fact comes from the server's answers.
 */
import { formatCountdown, formatDate, lang, t, tn } from "./i18n.js";
import { streakText } from "./streak.js";
import "./puzzle-words.js";
import { $ } from "./dom.js";


export function turnText(attempt) {
  return t(attempt.puzzle.toMove === "white" ? "puzzleWhiteToMove" : "puzzleBlackToMove");
}

export function titleText(attempt) {
  return attempt.puzzle.daily
    ? t("puzzleDailyTitle", { date: formatDate(attempt.puzzle.daily) })
    : t("puzzleTrainingTitle");
}

/** The moves played, numbered in pairs from the puzzle's position. */
export function drawMoves(played, toMove) {
  const list = $("pz-moves");
  list.textContent = "";
  const items = played.map((m) => m.notation);
  if (toMove === "black" && items.length) items.unshift("…");
  for (let i = 0; i < items.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = items.slice(i, i + 2).join(" ");
    list.append(li);
  }
}

function themeItems(themes) {
  const items = [tn("puzzleMovesToFind", themes.moves)];
  if (themes.menGiven) items.push(tn("puzzleMenGiven", themes.menGiven));
  if (themes.kingCapture) items.push(t("puzzleKingCapture"));
  if (themes.crowning) items.push(t("puzzleCrowning"));
  if (themes.finalCapture) items.push(tn("puzzleFinalCapture", themes.finalCapture));
  items.push(t(`phase:${themes.phase}`));
  return items;
}

function drawCoup(coup) {
  const box = $("pz-coup");
  box.textContent = "";
  const name = document.createElement("p");
  name.className = "coup-name";
  const line = document.createElement("p");
  if (coup) {
    const fr = lang() === "fr";
    name.textContent = fr ? coup.nameFr : coup.nameEn;
    line.textContent = fr ? coup.lineFr : coup.lineEn;
  } else {
    line.textContent = t("puzzleNoCoup");
  }
  box.append(...(coup ? [name, line] : [line]));
}

function sourceText(source) {
  if (source.kind === "self-play") return t("puzzleSourceSelfPlay", { game: source.game });
  const players = [source.white, source.black].filter(Boolean).join(" – ") || "?";
  const where = [source.event, source.site, source.year].filter(Boolean).join(", ");
  return `${t("puzzleSourceGame", { players })}${where ? ` (${where})` : ""}.`;
}

/** The end of an attempt: everything the server kept until now. */
export function drawEnd(attempt) {
  const end = attempt.end;
  const section = $("pz-end");
  section.hidden = !end;
  if (!end) return;
  const title = attempt.status === "revealed" ? "puzzleRevealed"
    : attempt.failed ? "puzzleSolvedFailed" : "puzzleSolved";
  $("pz-end-title").textContent = t(title);
  $("pz-rating-change").textContent = end.rating
    ? t("puzzleRatingChange", { before: end.rating.before, after: end.rating.after })
    : attempt.rated ? "" : t("puzzleUnrated");
  drawCoup(end.themes.coup);
  const list = $("pz-themes");
  list.textContent = "";
  for (const text of themeItems(end.themes)) {
    const li = document.createElement("li");
    li.textContent = text;
    list.append(li);
  }
  $("pz-source").textContent = sourceText(end.source);
  $("pz-line").textContent = t("puzzleSolutionLine", {
    line: end.line.map((m) => m.notation).join(" "),
  });
  $("pz-share").hidden = !attempt.puzzle.daily;
}

/** The day's share line: the day, whether it was found at once, how many moves, the streak;
 * never a move or a square. */
export function shareLine(attempt, origin) {
  const end = attempt.end;
  const result = attempt.status === "revealed" ? t("puzzleShareRevealed")
    : attempt.failed || attempt.hinted ? t("puzzleShareFailed")
      : tn("puzzleShareSolved", end.themes.moves);
  const lines = [t("puzzleShareHead", { date: formatDate(attempt.puzzle.daily) }), result];
  if (end.dailyStreak && end.dailyStreak.current) {
    lines.push(tn("puzzleShareStreak", end.dailyStreak.current));
  }
  lines.push(`${origin}/puzzle.html?daily=1`);
  return lines.join("\n");
}

/** The player's rating (with a token), or how to get one. */
export function drawProfile(profile) {
  $("pz-rating").textContent = profile
    ? t(profile.provisional ? "puzzleRatingNew" : "puzzleRating", { rating: profile.rating })
    : t("puzzleAnonymous");
  $("pz-pseudo-form").hidden = Boolean(profile);
}

/** The coup du jour's streak beside the daily challenge's. */
export function drawStreaks(dailyStreak, challengeStreak) {
  $("pz-daily-streak").textContent = dailyStreak
    ? t("puzzleDailyStreak", { line: streakText(dailyStreak) }) : "";
  $("pz-challenge-streak").textContent = challengeStreak
    ? t("puzzleChallengeStreak", { line: streakText(challengeStreak) }) : "";
}

export function dailyDoneText(daily) {
  return t("puzzleDailyDone", { time: formatCountdown(daily.secondsToNext) });
}
