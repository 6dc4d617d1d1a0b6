"""Helpers of the fair-play tests: finished games stored as the move route stores them, and a
runner that records what was handed to it (the local worker's place)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from dames_backend import security
from dames_backend.clock import GameClock
from dames_backend.fairplay import dispatch
from dames_backend.games import store as game_store
from dames_backend.games.store import GameRecord


def store_finished(
    *,
    mode: str = "free",
    date: str | None = None,
    status: str = "won",
    moves: Sequence[str] = (),
    move_ms: Sequence[int] = (),
    move_paused_ms: Sequence[int] = (),
    seed: str = "0123abcd",
    finished_at: str = "2026-11-29T09:06:43Z",
) -> tuple[str, str]:
    """A finished game (won by White unless ``status`` says otherwise); returns (id, token)."""
    token = security.new_token()
    elapsed = sum(max(300, t) for t in move_ms) or 402_500
    seconds = elapsed // 1000
    record = GameRecord(
        id=security.new_id("g"),
        token_hash=security.hash_token(token),
        mode=mode,
        variant="international",
        level="defi",
        seed=seed,
        date=date,
        start_fen="W:W31-50:B1-20",
        player_color="white",
        created_at="2026-11-29T09:00:00Z",
        moves=tuple(moves),
        status=status,
        reason="no-moves" if status != "playing" else None,
        clock=GameClock(
            elapsed_ms=elapsed,
            move_ms=tuple(move_ms),
            move_paused_ms=tuple(move_paused_ms) or tuple(0 for _ in move_ms),
            pauses=sum(1 for p in move_paused_ms if p),
            paused_ms=sum(move_paused_ms),
        ),
        finished_at=finished_at if status != "playing" else None,
        score=(
            {"total": max(0, 3000 + 300 * 9 - seconds), "base": 3000, "perPiece": 300,
             "pieces": 9, "seconds": seconds}
            if status == "won" else None
        ),
    )
    game_store.insert_game(record)
    return record.id, token


@contextmanager
def recording_runner(accept: bool = True) -> Iterator[list[str]]:
    """Attach a runner that only notes the game ids handed to it (``accept=False``: full)."""
    handed: list[str] = []

    def runner(game_id: str) -> bool:
        handed.append(game_id)
        return accept

    dispatch.set_local_runner(runner)
    try:
        yield handed
    finally:
        dispatch.set_local_runner(None)


def quick_moves(plies: int, seed: str = "quick") -> list[str]:
    """A real game's first ``plies`` moves (both sides at ``facile``: cheap), as stored."""
    import dames
    import dames.ai

    board = dames.Board(None, variant="international", draw_rules="defi")
    moves: list[str] = []
    while len(moves) < plies and board.outcome() is None:
        move = dames.ai.choose_move(board, seed=seed, level="facile")
        moves.append(str(move))
        board.push(move)
    return moves
