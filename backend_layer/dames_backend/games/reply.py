"""The computer's reply to the player's move, and what a read of the game sees meanwhile.

A reply can take seconds (``maitre`` thinks 2.5 s). When a request stored nothing until the
reply was ready, a page reloaded in the meantime (or another tab) read the position before the
move, "your move" and a running clock, and never learnt of the reply. So a search still running
after ``MARK_AFTER_S`` first stores the player's move, charged at its arrival, with a thinking
mark (``GameRecord.thinking_since_ms``): a read then answers that position with
``thinking: true``, no legal move and a stopped clock, and the page reads again until the reply
is stored. A quick reply is stored with the move in one write, as before (one write unit a
move; the daily's ``defi`` answers in some 50 ms). Either way the player's next turn starts
when the reply is stored: the computer's thinking is never charged.

A mark older than ``STALE_AFTER_MS`` outlived the request that set it (the games function's
timeout is 20 s, template.yaml): the next read takes the mark over and computes the reply
itself, so a game is never left waiting for a request that died.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType

import dames
import dames.ai
from botocore.exceptions import ClientError

from dames_backend import clock
from dames_backend.errors import ApiError
from dames_backend.games import store as game_store
from dames_backend.games.access import save_with_retries
from dames_backend.games.enums import GameStatus
from dames_backend.games.state import (
    Replayed,
    finish,
    is_players_turn,
    is_thinking,
    replay,
    unfinished_expiry,
)
from dames_backend.games.store import GameRecord, LastRequest
from dames_backend.limits import refusals

# A reply still searching after this long is announced in the item (a second write).
MARK_AFTER_S = 0.2
# Beyond the games function's 20 s timeout (template.yaml, GamesFunction): a mark this old
# belongs to a request that no longer runs.
STALE_AFTER_MS = 30_000

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PlayedMove:
    """The player's move as the request accepted it, before the computer's reply."""

    record: GameRecord  # the game as read, before the move
    moves: tuple[str, ...]  # its moves with the player's
    received_ms: int
    refusal: str | None  # the receipt of this move's last refusal (``refusals``)
    request: LastRequest
    ai_changed: bool

    def stored(self, current: GameRecord) -> GameRecord:
        """``current`` (still at the move's ply) with the move stored and its turn charged
        up to its arrival, less the server's refusals of it."""
        waited = refusals.credit_for(
            self.refusal, current.id, current.clock.turn_started_ms, self.received_ms
        )
        return current.evolve(
            moves=self.moves,
            clock=current.clock.charge_move(self.received_ms, waited),
            expires_at=unfinished_expiry(self.received_ms),
            last_request=self.request,
            ai_changed=current.ai_changed or self.ai_changed,
        )


def computer_replies(record: GameRecord, replayed: Replayed, moves: list[str]) -> None:
    """While the game goes on and it is the computer's turn, let it play (once, as turns
    alternate): appends to ``moves`` and to ``replayed``."""
    board = replayed.board
    if board.outcome() is None and not is_players_turn(record, board):
        reply = dames.ai.choose_move(board, seed=record.seed, level=record.level, ply=board.ply)
        moves.append(str(reply))
        replayed.record(reply, by_computer=True)


class _Mark:
    """Stores the player's move with a thinking mark if the search outlasts ``MARK_AFTER_S``
    (on a timer thread); leaving the block stops it, waiting for a write under way."""

    def __init__(self, played: PlayedMove) -> None:
        self._played = played
        self._lock = threading.Lock()
        self._over = False
        self.saved: GameRecord | None = None
        self._timer = threading.Timer(MARK_AFTER_S, self._write)
        self._timer.daemon = True

    def __enter__(self) -> _Mark:
        if MARK_AFTER_S <= 0:
            self._write()
        else:
            self._timer.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        with self._lock:
            self._over = True
        self._timer.cancel()

    def _write(self) -> None:
        with self._lock:
            if self._over:
                return
            self._over = True
            played = self._played

            def marked(current: GameRecord) -> GameRecord | None:
                if current.status is not GameStatus.PLAYING or current.moves != played.record.moves:
                    return None  # another request changed the game: the reply's write decides
                return played.stored(current).evolve(thinking_since_ms=clock.now_ms())

            try:
                self.saved = save_with_retries(played.record.id, played.record, marked)
            except (ApiError, ClientError) as exc:
                # Unmarked, the reply is still stored with the move when it is ready.
                _log.warning("thinking mark not stored for %s: %s", played.record.id, exc)


def _reply_applier(
    before_reply: tuple[str, ...],
    reply: str,
    outcome: dames.Outcome | None,
    board: dames.Board,
    answered: int,
    unmarked: Callable[[GameRecord], GameRecord] | None,
) -> Callable[[GameRecord], GameRecord | None]:
    """The change that stores ``reply`` on a fresh record: on the marked move (or, with
    ``unmarked``, on the game still before the player's move, storing both), or nothing when
    another request changed the game meanwhile (a resignation, the same move's retry)."""

    def apply(current: GameRecord) -> GameRecord | None:
        if current.status is not GameStatus.PLAYING:
            return None
        if current.moves == before_reply and current.thinking_since_ms is not None:
            base = current
        elif unmarked is not None and current.moves == before_reply[:-1]:
            base = unmarked(current)
        else:
            return None
        turn = base.clock.start_turn(answered)
        # A page hidden while the computer thought: its pause starts with the player's turn.
        if current.clock.paused and base is current:
            turn = turn.pause(answered)
        updated = base.evolve(
            moves=(*before_reply, reply),
            clock=turn,
            expires_at=unfinished_expiry(answered),
            thinking_since_ms=None,
        )
        return finish(updated, board, outcome, answered) if outcome is not None else updated

    return apply


def _unmarked(played: PlayedMove) -> Callable[[GameRecord], GameRecord | None]:
    """The change that takes a stored move and its thinking mark back, as if never sent."""
    before = played.record

    def apply(current: GameRecord) -> GameRecord | None:
        if current.moves != played.moves or current.thinking_since_ms is None:
            return None
        return current.evolve(
            moves=before.moves,
            clock=before.clock,
            expires_at=before.expires_at,
            last_request=before.last_request,
            ai_changed=before.ai_changed,
            thinking_since_ms=None,
        )

    return apply


def answer(played: PlayedMove, replayed: Replayed) -> GameRecord | None:
    """Computes the computer's reply to ``played`` (already pushed on ``replayed``) and stores
    move and reply; None when another request changed the game first."""
    record = played.record
    board = replayed.board
    refused: ApiError | None = None
    with _Mark(played) as mark:
        try:
            reply = dames.ai.choose_move(
                board, seed=record.seed, level=record.level, ply=board.ply
            )
        except ApiError as exc:
            refused = exc
    if refused is not None:
        # The server refused the search for its load (429 with a receipt): a refused move
        # changes nothing, so a stored mark is taken back before the page retries. Read once
        # the block is left: leaving it waits for a mark's write under way.
        if mark.saved is not None:
            save_with_retries(record.id, mark.saved, _unmarked(played))
        raise refused
    replayed.record(reply, by_computer=True)
    answered = clock.now_ms()
    apply = _reply_applier(
        played.moves, str(reply), board.outcome(), board, answered, played.stored
    )
    return save_with_retries(record.id, mark.saved or record, apply)


def take_over_stale(record: GameRecord) -> GameRecord:
    """The game as a read should show it: a thinking mark older than ``STALE_AFTER_MS`` was
    left by a request that died, so this read renews the mark (one reader wins it) and
    computes and stores the reply itself."""
    since = record.thinking_since_ms
    now = clock.now_ms()
    if not is_thinking(record) or since is None or now - since < STALE_AFTER_MS:
        return record

    def renewed(current: GameRecord) -> GameRecord | None:
        if current.thinking_since_ms != since or current.moves != record.moves:
            return None  # the reply landed, or another read took the mark over
        return current.evolve(thinking_since_ms=now)

    taken = save_with_retries(record.id, record, renewed)
    if taken is None:
        return game_store.load_game(record.id) or record
    replayed = replay(taken)
    board = replayed.board
    reply = dames.ai.choose_move(board, seed=taken.seed, level=taken.level, ply=board.ply)
    replayed.record(reply, by_computer=True)
    answered = clock.now_ms()
    apply = _reply_applier(taken.moves, str(reply), board.outcome(), board, answered, None)
    return save_with_retries(record.id, taken, apply) or game_store.load_game(record.id) or taken
