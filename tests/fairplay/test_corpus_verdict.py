"""The fitted score on the labelled corpus (tests/fairplay/corpus; docs/fair-play.md,
"Calibration"): the stored model is exactly what ``bench/fairplay_fit.py`` fits from it, and
at it each engine-played kind is held at least as often as the doc says while the people's
sides are rarely held. Reads the stored judgements only (no engine search): a few seconds."""

from __future__ import annotations

import pytest
from dames_backend.fairplay.score import current_model
from dames_backend.fairplay.verdict import judge

from bench.fairplay import Sample, samples
from bench.fairplay_fit import fit

MODEL = current_model()
# The judge the model was fitted with (a machine without the native core judges otherwise,
# and the stored judgements are still the calibration).
VERSION = str(MODEL.fitted_on["judge"])
SAMPLES = list(samples(version=VERSION))
# Per kind, the share of its sides the fitted score holds, as docs/fair-play.md's table gives
# it (2026-12-06, every published game judged). The kinds missing here are the ones it does
# not catch (the doc says so).
DETECTION_FLOORS = {
    "scan-paced": 0.5,
    "scan-paused": 0.5,
    "scan-fast": 1.0,
    "copy": 1.0,
    "relay-fast": 1.0,
}
# The people's sides (published games of strong players, both sides, and human-like ones):
# none held, over at least this many.
PEOPLE_CEILING = 0.0
MIN_PEOPLE_SIDES = 350
# In a board's top ten, where a master's accuracy waits for a moderator: the engine-played
# sides held (29 of 32 in the doc), and this site's kind of player (the human-like games)
# rarely held (1 of 12), while most masters' sides wait for a moderator there (the doc's
# price of the rule).
TOP_TEN_DETECTION_FLOOR = 0.9
HUMAN_LIKE_TOP_TEN_CEILING = 0.1


def _held(kind: str | None = None, label: str | None = None,
          synthetic: bool = False, top_ten: bool = False) -> tuple[int, int]:
    rows: list[Sample] = [s for s in SAMPLES if (kind is None or s.kind == kind)
                          and (label is None or s.label == label)
                          and s.synthetic == synthetic]
    return sum(judge(s.signals, MODEL, top_ten=top_ten).state == "held" for s in rows), \
        len(rows)


def test_the_stored_model_is_the_fit_of_the_stored_corpus() -> None:
    assert MODEL.fitted_on["sides"] == {
        kind: sum(s.kind == kind for s in SAMPLES) for kind in {s.kind for s in SAMPLES}}
    assert fit(SAMPLES, VERSION) == MODEL


@pytest.mark.parametrize(("kind", "floor"), sorted(DETECTION_FLOORS.items()))
def test_each_engine_kind_is_held_as_often_as_the_doc_says(kind: str, floor: float) -> None:
    held, sides = _held(kind, synthetic=kind == "relay-fast")
    assert sides > 0, kind
    assert held / sides >= floor, (kind, held, sides)


def test_people_are_rarely_held() -> None:
    held, sides = _held(label="human")
    assert sides >= MIN_PEOPLE_SIDES
    assert held / sides <= PEOPLE_CEILING, (held, sides)


def test_in_a_top_ten_engines_are_held_and_this_sites_players_rarely() -> None:
    held, sides = _held(label="bot", top_ten=True)
    assert sides >= 30 and held / sides >= TOP_TEN_DETECTION_FLOOR, (held, sides)
    held, sides = _held("human-like", top_ten=True)
    assert sides >= 12 and held / sides <= HUMAN_LIKE_TOP_TEN_CEILING, (held, sides)
    held, sides = _held("people", top_ten=True)
    assert held / sides >= 0.8, (held, sides)  # the masters: most wait for a moderator
