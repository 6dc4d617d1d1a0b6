"""The verdict's thresholds on the labelled corpus: every bot game held, every human-like game
published (the rates bench/fairplay.py prints)."""

from __future__ import annotations

import pytest

from bench.fairplay import judged, load_corpus

GAMES = load_corpus()


def test_the_corpus_has_every_kind() -> None:
    kinds = {game["kind"] for game in GAMES}
    assert {"bot-fort-floor", "bot-maitre-delays", "bot-fort-pauses", "bot-replayed",
            "human-like"} <= kinds
    assert sum(game["label"] == "human" for game in GAMES) >= 2


@pytest.mark.parametrize(("game", "signals", "verdict"), judged(GAMES),
                         ids=[game["name"] for game in GAMES])
def test_bots_are_held_and_human_like_games_published(
    game: dict[str, object], signals: object, verdict: object
) -> None:
    expected = "held" if game["label"] == "bot" else "published"
    assert verdict.state == expected, (signals, verdict)  # type: ignore[attr-defined]
