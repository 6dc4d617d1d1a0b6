"""Near-copies by the share of moves played in the same position with the same reply, the
line marks that find them at a bounded cost, and the judge's report and bound."""

from __future__ import annotations

import dames
import pytest
from dames.ai.levels import get_level
from dames_backend.fairplay import judge
from dames_backend.fairplay.lines import MARK_EVERY, MAX_MARKS, line_marks, overlap
from dames_backend.fairplay.signals import forced_moves, timing_signals

from bench.fairplay_table import corpus_record
from tests.backend.fairplay_support import quick_moves

SMALL = judge.judge_level(3000, 3000)


def test_a_line_with_a_late_move_changed_is_mostly_the_same() -> None:
    """The issue's copier: another entry's line with its 51st move changed."""
    source = corpus_record("scan-paced-00")["moves"]
    copy = corpus_record("copy-00")
    changed = copy["changedAt"]
    found = overlap("international", None, copy["moves"], source)
    assert found.moves == len(copy["moves"][0::2])
    assert changed - 1 <= found.common < found.moves
    assert found.share >= 0.6
    assert overlap("international", None, source, source).share == 1.0


def test_the_same_moves_with_other_replies_do_not_count() -> None:
    """Same position and move at ply 10, but another reply: from there nothing is shared."""
    mine = quick_moves(40, "a")
    board = dames.Board(None)
    for text in mine[:11]:
        board.push(next(m for m in board.legal_moves() if str(m) == text))
    other_reply = next(m for m in board.legal_moves() if str(m) != mine[11])
    other = [*mine[:11], str(other_reply)]
    board.push(other_reply)
    while len(other) < 40 and board.outcome() is None:
        move = dames.ai.choose_move(board, seed="b", level="defi")
        other.append(str(move))
        board.push(move)
    found = overlap("international", None, mine, other)
    assert found.common == 5 and found.moves == 20


def test_marks_are_few_and_shared_by_lines_through_the_same_position() -> None:
    line = corpus_record("scan-paced-00")["moves"]
    marks = line_marks("international", None, line)
    assert len(marks) == min(MAX_MARKS, len(line) // MARK_EVERY)
    assert marks[0].startswith(f"{MARK_EVERY}:")
    copy = corpus_record("copy-00")
    shared = set(marks) & set(line_marks("international", None, copy["moves"]))
    # Every mark up to the changed move (White's move ``changedAt`` is ply 2 × changedAt).
    last_before = 2 * copy["changedAt"] // MARK_EVERY * MARK_EVERY
    assert shared and max(int(m.split(":")[0]) for m in shared) >= last_before


def test_the_judge_reports_each_move_with_a_choice_within_its_bound() -> None:
    moves = corpus_record("scan-paced-00")["moves"][:40]
    report = judge.judge_game(variant="international", start_fen=None, moves=moves,
                              draw_rules="daily", side="white", level=SMALL, max_moves=12)
    assert 0 < len(report.moves) <= 12 and report.skipped == 20 - len(report.moves) - sum(
        forced_moves(report, 40, 0))
    assert all(move.ply % 2 == 0 for move in report.moves)
    assert all(move.loss == 0 for move in report.moves if move.matched)
    assert report.average_loss >= 0 and report.accuracy is not None
    judge_bound, reference_bound = judge.judge_work_bound(SMALL, 12)
    assert 0 < report.work <= judge_bound and 0 < report.reference_work <= reference_bound
    assert report.version == judge.judge_version(SMALL) != judge.JUDGE_VERSION
    again = judge.JudgeReport.from_dict(report.to_dict())
    assert again == report


def test_the_judge_is_reproducible_and_reads_its_level_at_call_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    moves = corpus_record("maitre-paced-00")["moves"][:24]
    monkeypatch.setattr(judge, "JUDGE_LEVEL", SMALL)
    first = judge.judge_game(variant="international", start_fen=None, moves=moves,
                             draw_rules="daily", side="white", max_moves=6)
    second = judge.judge_game(variant="international", start_fen=None, moves=moves,
                              draw_rules="daily", side="white", max_moves=6)
    assert first.moves == second.moves and first.version == judge.judge_version(SMALL)


def test_the_bound_counts_two_judge_searches_and_one_of_fort_a_move() -> None:
    searched = judge.searched_by(judge.JUDGE_LEVEL)
    assert judge.judge_work_bound() == (judge.JUDGE_MAX_MOVES * 2 * searched.node_budget,
                                        judge.JUDGE_MAX_MOVES * get_level("fort").node_budget)


def test_the_version_names_the_engine_that_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A judgement stored by the native core is made again where only Python judges."""
    native = judge.judge_version(SMALL)
    monkeypatch.setattr(judge, "native_available", lambda: False)
    assert judge.searched_by(SMALL) is SMALL.fallback
    python = judge.judge_version(SMALL)
    assert python.endswith("/python/3000") and python != native


def test_an_unplayable_move_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be played"):
        judge.judge_game(variant="international", start_fen=None, moves=["32-28", "11-7"],
                         draw_rules="daily", side="white", level=SMALL)


def test_a_forced_capture_is_no_choice_for_the_fast_answers() -> None:
    """A win whose only move was the compulsory capture had no choice to answer quickly: it is
    not counted as a fast answer, however fast (issue 29: held over HTTP, published when the
    same move was played slowly through the page)."""
    one_capture = ["28x19"]
    report = judge.judge_game(variant="international", start_fen="W:W28,31,36:B23",
                              moves=one_capture, draw_rules="daily", side="white", level=SMALL)
    assert report.moves == () and report.skipped == 0
    forced = forced_moves(report, 1, 0)
    assert forced == [True]
    timing = timing_signals([300], [0], forced)
    assert timing["fast_share"] == 0.0 and timing["floor_share"] == 1.0


def test_past_the_judges_cap_an_unjudged_move_still_counts_as_a_choice() -> None:
    moves = corpus_record("scan-paced-00")["moves"][:40]
    report = judge.judge_game(variant="international", start_fen=None, moves=moves,
                              draw_rules="daily", side="white", level=SMALL, max_moves=4)
    assert report.skipped > 0
    last = max(move.ply for move in report.moves)
    forced = forced_moves(report, 40, 0)
    assert not any(forced[last // 2 + 1:])
