"""Playing a game, refereed by the server: read it, play a move (and the computer's reply),
pause the clock, resign.

Nothing the browser says about the game is trusted. Each request rebuilds the board by
replaying the stored moves (``state.replay``), checks the player's move with the engine, has
the computer reply from the game's own seed and level (``reply``: a slow reply is preceded by
a write of the player's move, so a read meanwhile sees it), keeps the clock from the server's
own timestamps (see ``clock``) and computes the score (see ``scoring``). Every function raises
``ApiError`` for anything the client did wrong; the FastAPI routes in
``functions/games/games_app.py`` are thin wrappers around these.
"""

from __future__ import annotations

import dames
import dames.ai
from dames.errors import AmbiguousMoveError, MoveError
from dames.notation import MOVE_TEXT

from dames_backend import clock
from dames_backend.errors import ApiError
from dames_backend.games import reply
from dames_backend.games import store as game_store
from dames_backend.games.access import game_over_error, open_game, save_with_retries
from dames_backend.games.enums import Decision, GameStatus, Side
from dames_backend.games.state import (
    clock_view,
    finish,
    finished_expiry,
    game_view,
    is_players_turn,
    is_thinking,
    plays_computer,
    read_game_view,
    replay,
)
from dames_backend.games.store import GameRecord, LastRequest
from dames_backend.games.views import ClockView, GameView


def read_game(game_id: str, authorization: str | None) -> GameView:
    """The whole state of a game, so a reload, another tab or another device resumes it.

    A page reading the game shows it: a pause still open was left by a page that is gone (a
    reload, a closed tab), and ends here uncredited (``GameClock.void_pause``). A page that
    loads hidden announces its own pause after this read. While the computer thinks, the
    answer is the player's move with ``thinking``; a thinking mark left by a request that
    died is taken over here (``reply.take_over_stale``)."""
    record = reply.take_over_stale(open_game(game_id, authorization))
    if record.status is GameStatus.PLAYING and record.clock.paused and not is_thinking(record):

        def void(current: GameRecord) -> GameRecord | None:
            if current.status is not GameStatus.PLAYING or not current.clock.paused:
                return None
            return current.evolve(clock=current.clock.void_pause())

        record = save_with_retries(game_id, record, void) or open_game(game_id, authorization)
    return game_view(record, replay(record))


def _is_retry(record: GameRecord, ply: int, move_text: str) -> bool:
    """True if this request repeats the last accepted one exactly (same ply, same text)."""
    last = record.last_request
    return last is not None and last.ply == ply and last.move == move_text


def play_move(
    game_id: str, authorization: str | None, *, ply: int, move_text: str,
    refusal: str | None = None,
) -> GameView:
    """Apply the player's move at ``ply`` and the computer's reply; return the new GameView.

    The turn is charged from the server's own clock: from its previous answer to the moment
    this request arrived, less the pauses credited meanwhile and less the waits of the
    server's refusals of this move (``refusal``: the receipt of the last one, see
    ``refusals``). A repeat of the last accepted
    request (same ply, same text) answers the game as it stands. A ``ply`` other than the
    current one is 409 ``stale-ply`` with the current GameView; an illegal or ambiguous move
    is 422 and changes nothing.
    """
    received = clock.now_ms()  # before any work of ours, which must not count for the player
    move_text = move_text.strip()
    record = open_game(game_id, authorization)
    if _is_retry(record, ply, move_text):
        return read_game_view(record)

    replayed = replay(record)
    board = replayed.board
    if record.status is not GameStatus.PLAYING:
        raise game_over_error(record, replayed)
    if is_thinking(record):
        raise ApiError(
            409, "computer-thinking",
            "The computer is still thinking about its reply: wait for it.",
            game=game_view(record, replayed).model_dump(),
        )
    if ply != board.ply:
        raise ApiError(
            409, "stale-ply",
            f"The game is at ply {board.ply}, not {ply}: reload it.",
            game=game_view(record, replayed).model_dump(),
        )
    if not MOVE_TEXT.match(move_text.lower()):
        raise ApiError(
            422, "illegal-move",
            f"{move_text[:40]!r} is not a move: write squares of one or two digits joined by - "
            "or x (32-28, 19x28, 27x18x9).",
        )
    try:
        move = board.parse_move(move_text)
    except AmbiguousMoveError as exc:
        raise ApiError(422, "ambiguous-move", str(exc)) from exc
    except (MoveError, ValueError) as exc:
        raise ApiError(422, "illegal-move", str(exc)) from exc

    played = reply.PlayedMove(
        record=record,
        moves=(*record.moves, str(move)),
        received_ms=received,
        refusal=refusal,
        request=LastRequest(ply, move_text),
        # A deploy may have brought another computer since the game began: it plays on,
        # unranked.
        ai_changed=plays_computer(record) and record.ai_version not in (None, dames.ai.AI_VERSION),
    )
    replayed.record(move, by_computer=False)
    outcome = board.outcome()
    if outcome is None and not is_players_turn(record, board):
        saved = reply.answer(played, replayed)
        answered = clock.now_ms()
    else:
        # The move ended the game, or it is a duo game: nobody replies.
        answered = clock.now_ms()

        def apply(current: GameRecord) -> GameRecord | None:
            if current.moves != record.moves or current.status is not GameStatus.PLAYING:
                return None  # another move landed first
            updated = played.stored(current)
            updated = updated.evolve(clock=updated.clock.start_turn(answered))
            return finish(updated, board, outcome, received) if outcome is not None else updated

        saved = save_with_retries(game_id, record, apply)
    if saved is None:
        return _after_lost_race(game_id, ply, move_text)
    return game_view(saved, replayed, answered)


def _after_lost_race(game_id: str, ply: int, move_text: str) -> GameView:
    current = game_store.load_game(game_id)
    if current is None:  # pragma: no cover - games are never deleted while being played
        raise ApiError(404, "game-not-found", "No such game.")
    if _is_retry(current, ply, move_text):
        return read_game_view(current)
    raise ApiError(
        409, "stale-ply",
        "Another request changed this game first: reload it.",
        game=read_game_view(current).model_dump(),
    )


def set_paused(game_id: str, authorization: str | None, *, paused: bool) -> ClockView:
    """The page reports its visibility as it changes: a pause opens when the server receives
    ``paused: true`` and is credited when it receives ``paused: false``. Repeats change
    nothing; a finished game's clock cannot be paused (409)."""
    record = open_game(game_id, authorization)
    if record.status is not GameStatus.PLAYING:
        raise game_over_error(record)
    now = clock.now_ms()

    def apply(current: GameRecord) -> GameRecord | None:
        if current.status is not GameStatus.PLAYING:
            return None
        changed = current.clock.pause(now) if paused else current.clock.resume(now)
        if not paused and is_thinking(current):
            # Nothing is charged while the computer thinks: a pause then credits nothing.
            changed = current.clock.void_pause()
        return None if changed == current.clock else current.evolve(clock=changed)

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        current = game_store.load_game(game_id) or record
        if current.status is not GameStatus.PLAYING:
            raise game_over_error(current)
        saved = current
    return clock_view(saved, now)


def resign_game(game_id: str, authorization: str | None) -> GameView:
    """Resign a running game (idempotent: resigning a resigned game returns it). In a duo
    game the side to move resigns, so the other side wins."""
    record = open_game(game_id, authorization)
    if record.status is GameStatus.RESIGNED or (
        record.reason is Decision.RESIGNED and not plays_computer(record)
    ):
        return read_game_view(record)
    if record.status is not GameStatus.PLAYING:
        raise game_over_error(record)
    now = clock.now_ms()
    if plays_computer(record):
        status = GameStatus.RESIGNED
    else:
        to_move = Side.of(replay(record).board.turn)
        status = GameStatus.LOST if to_move is record.player_color else GameStatus.WON

    def apply(current: GameRecord) -> GameRecord | None:
        if current.status is not GameStatus.PLAYING:
            return None
        resigned = current.evolve(
            status=status,
            reason=Decision.RESIGNED,
            clock=current.clock.charge_move(now),
            finished_at=clock.iso_from_ms(now),
        )
        return resigned.evolve(expires_at=finished_expiry(resigned, now))

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        current = game_store.load_game(game_id)
        if current is not None and current.reason is Decision.RESIGNED:
            return read_game_view(current)
        raise ApiError(409, "conflict", "Another request changed this game first: reload it.")
    return read_game_view(saved)
