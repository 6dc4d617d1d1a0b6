"""bench/match_compare.py pairs two runs' games by opening and colour: a change to the engine
is judged on 300 games against Scan, and a comparison that paired the wrong games, or counted
a game twice, would call noise a gain."""

from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path

import pytest

from bench import match, match_compare


def record(opening: str, number: int, result: str) -> dict[str, object]:
    white, black = ("new", "scan") if number % 2 == 0 else ("scan", "new")
    return asdict(match.GameResult(white, black, opening, result, "no-moves", 80,
                                   number=number))


def write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text(json.dumps(records))
    return path


def test_games_are_paired_by_opening_and_colour_and_the_error_is_the_paired_one(
    tmp_path: Path,
) -> None:
    # A: as first player, won with White and drew with Black on "a", lost both on "b".
    a = write(tmp_path / "a.json", [record("a", 0, "1-0"), record("a", 1, "1/2"),
                                    record("b", 2, "0-1"), record("b", 3, "1-0")])
    # B: the same openings in another order (another process), one game more.
    b = write(tmp_path / "b.json", [record("b", 2, "0-1"), record("b", 3, "0-1"),
                                    record("a", 0, "1/2"), record("a", 1, "1/2"),
                                    record("c", 4, "1-0")])
    result = match_compare.compare(match_compare.read_runs([a]), match_compare.read_runs([b]))
    assert result.games == 4
    assert result.tally_a == (1, 1, 2)
    assert result.tally_b == (1, 2, 1)  # "b" with Black, as first player: 0-1 is a win
    assert result.score_a == pytest.approx(37.5)
    assert result.score_b == pytest.approx(50.0)
    differences = [0.5, 0.0, 0.0, -1.0]  # a/White, a/Black, b/White, b/Black
    mean = sum(differences) / 4
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / 3)
    assert result.difference == pytest.approx(100 * mean)
    assert result.standard_error == pytest.approx(100 * spread / 2)


def test_records_without_a_number_are_known_by_their_place() -> None:
    numbered = [record("a", 0, "1-0"), record("a", 1, "1-0")]
    legacy = [{k: v for k, v in r.items() if k != "number"} for r in numbered]
    scores = match_compare.first_player_scores(legacy)
    assert scores == [(("a", "white"), 1.0), (("a", "black"), 0.0)]
    assert scores == match_compare.first_player_scores(numbered)


def test_a_repeated_game_is_left_out_and_a_file_named_twice_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write(tmp_path / "a.json", [record("a", 0, "1-0"), record("a", 1, "1/2"),
                                    record("b", 2, "1-0"), record("b", 3, "0-1")])
    # Another file of A's run played "b" again (an opening drawn twice before 2026-12-07).
    again = write(tmp_path / "again.json", [record("b", 2, "0-1")])
    b = write(tmp_path / "b.json", [record("a", 0, "1/2"), record("a", 1, "1/2"),
                                    record("b", 2, "1/2"), record("b", 3, "1/2")])
    run = match_compare.read_runs([a, again])
    assert run.repeated == 2 and ("b", "white") not in run.scores
    assert match_compare.main([str(a), str(again), "--vs", str(b)]) == 0
    out = capsys.readouterr().out
    assert "3 games in common" in out and "A 2, B 0" in out
    assert "+33.3 points" in out  # a/White +0.5, a/Black 0, b/Black +0.5: 1 / 3
    assert match_compare.main([str(a), str(a), "--vs", str(b)]) == 2
    assert "named twice" in capsys.readouterr().err


def test_the_match_bench_numbers_its_games_for_the_comparison(tmp_path: Path) -> None:
    out = tmp_path / "games.json"
    first, second = match.LevelPlayer("facile"), match.LevelPlayer("debutant")
    match.run_pairing(first, second, range(2, 4), 300, [], out)
    games = json.loads(out.read_text())
    assert [g["number"] for g in games] == [2, 3]
    assert [g["white"] for g in games] == [first.name, second.name]
    result = match_compare.compare(match_compare.read_runs([out]),
                                   match_compare.read_runs([out]))
    assert (result.games, result.difference, result.standard_error) == (2, 0.0, 0.0)
