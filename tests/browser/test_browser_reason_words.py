"""Every reason the server can hold a claim for (``fairplay.reasons``, as it stores them) is
worded by the page in French and in English, with its figures filled in: none falls back to
the server's English words, none leaves a ``{placeholder}`` (docs/fair-play.md, "Reasons as
data")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from dames_backend.boards.entries import BANNED_REASON
from dames_backend.boards.views import Reason
from dames_backend.fairplay import reasons
from dames_backend.fairplay.signals import Signals

pytestmark = pytest.mark.browser

GAME = Signals(
    moves=45, judge_moves=40, judge_matched=22, reference_matched=18, judge_loss=4.0,
    judge_accuracy=97.34, fast_share=0.6, floor_share=0.3, median_ms=700, time_cv=0.2,
    window_cv=0.05, pause_share=0.4, paused_ms=200_000, playing_ms=300_000,
    copy_of="g_other", copy_common=30, copy_moves=40,
)
ALL = (
    reasons.score_reason(0.73, 0.5),
    reasons.judge_agreement(GAME, 0.43),
    reasons.reference_agreement(GAME, 0.42, "fort"),
    reasons.accuracy(GAME, 95.8),
    reasons.masterly_top_ten(GAME, 90.32, 10),
    reasons.fast_answers(GAME),
    reasons.flat_times(GAME, 0.40, 0.20),
    reasons.flat_times(replace(GAME, window_cv=0.5), 0.40, 0.20),
    reasons.hidden_page(GAME),
    reasons.near_copy(GAME),
    reasons.analysis_failed(3),
    BANNED_REASON, reasons.RELEASED, reasons.MODERATOR_HOLD,
)
WORDS = """async (stored) => {
  const words = await import('/js/fairplay-words.js');
  return stored.map((reason) => words.reasonWords(reason));
}"""


def _worded(page: Any, language: str) -> list[str]:
    page.evaluate(f"() => {{ document.documentElement.lang = '{language}'; }}")
    stored = [Reason.from_stored(r.stored()).as_json() for r in ALL]
    found: list[str] = page.evaluate(WORDS, stored)
    return found


def test_every_reason_is_worded_in_both_languages(page: Any) -> None:
    page.goto("/")
    french, english = _worded(page, "fr"), _worded(page, "en")
    for reason, fr, en in zip(ALL, french, english, strict=True):
        assert fr and en and fr != en, reason.code
        assert "{" not in fr + en, (reason.code, fr, en)
        assert fr != reason.text, (reason.code, fr)
    masterly = dict(zip([r.code for r in ALL], zip(french, english, strict=True), strict=False))
    fr, en = masterly["masterly-top-ten"]
    assert "97,4 %" in fr and "90,3 %" in fr and "dix premiers" not in fr and "10 premiers" in fr
    assert "97.4 %" in en and "90.3 %" in en and "top 10" in en
