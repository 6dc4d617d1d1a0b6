"""Help during a casual game: a hint, a takeback, a draw offer.

None of it exists in the daily challenge (everyone plays it alone, White against ``defi``).
In free play a hint or a takeback makes the game casual for good (``assisted``): the server,
not the page, keeps such a game off the leaderboard. Each request names the ply it was made
at, so a stale page gets the same 409 ``stale-ply`` as a stale move, and a repeated takeback
or accepted draw offer is answered with the game as it stands instead of undoing twice or
saying the game is over (a lost answer's retry must see what the first request did).
"""

from __future__ import annotations

import dames.ai
from dames.ai.draw_offer import accepts_draw

from dames_backend import clock
from dames_backend.errors import ApiError
from dames_backend.games import state
from dames_backend.games import store as game_store
from dames_backend.games.access import game_over_error, open_game, save_with_retries
from dames_backend.games.enums import Decision, GameMode, GameStatus
from dames_backend.games.store import GameRecord, LastRequest
from dames_backend.games.views import DrawOfferResult, GameView, HintView, move_view

TAKEBACK = "takeback"
DRAW_OFFER = "draw-offer"
# The hint plays a level above the opponent's (the strongest level hints for itself).
HINT_LEVEL_ABOVE = {
    "debutant": "facile",
    "facile": "defi",
    "defi": "fort",
    "fort": "maitre",
    "maitre": "maitre",
}
# Between two players the strongest level hints (the native core where it is built).
DUO_HINT_LEVEL = "maitre"


def _check_helpable(record: GameRecord, ply: int, what: str) -> GameRecord:
    """``record``, if ``what`` may be asked of it now: not the daily challenge, not a finished
    game, and at the ply the page believes it is at."""
    if record.mode is GameMode.DAILY:
        raise ApiError(
            422, "daily-no-help", f"The daily challenge is played without help: no {what}."
        )
    if record.status is not GameStatus.PLAYING:
        raise game_over_error(record)
    if state.is_thinking(record):
        raise ApiError(
            409, "computer-thinking",
            f"The computer is still thinking about its reply: no {what} until it has played.",
            game=state.read_game_view(record).model_dump(),
        )
    if ply != len(record.moves):
        raise ApiError(
            409, "stale-ply",
            f"The game is at ply {len(record.moves)}, not {ply}: reload it.",
            game=state.read_game_view(record).model_dump(),
        )
    return record


def _mark_assisted(game_id: str, record: GameRecord, ply: int, what: str) -> None:
    """Store the game casual before any help is given, checked again on the freshest record:
    a move that reached the game first (a script racing its hint against its move) makes
    the help stale (409), never a help given to a game still ranked."""

    def apply(current: GameRecord) -> GameRecord | None:
        _check_helpable(current, ply, what)
        return None if current.assisted else current.evolve(assisted=True)

    save_with_retries(game_id, record, apply)


def hint(game_id: str, authorization: str | None, *, ply: int) -> HintView:
    """The server's suggestion for the player's move, from a level above the opponent's
    (bounded like every search). Asking for it makes a free game casual, from before it is
    searched."""
    record = open_game(game_id, authorization)
    _mark_assisted(game_id, record, ply, "hint")  # checks the game may be helped, then saves
    board = state.replay(record).board
    level = HINT_LEVEL_ABOVE[record.level] if state.plays_computer(record) else DUO_HINT_LEVEL
    move = dames.ai.hint(board, level=level)
    return HintView(move=move_view(board, move), level=level)


def _undo_count(replayed: state.Replayed) -> int:
    """How many plies a takeback removes: the player's last move and everything after it
    (the computer's reply). 0 when the player has not moved yet (the computer opened)."""
    players = [i for i, computer in enumerate(replayed.by_computer) if not computer]
    return len(replayed.by_computer) - players[-1] if players else 0


def takeback(game_id: str, authorization: str | None, *, ply: int) -> GameView:
    """Undo the player's last move and the computer's reply (repeatable to the start). The
    clock keeps what was spent; the turn starts again now. Makes a free game casual."""
    record = open_game(game_id, authorization)
    last = record.last_request
    if last is not None and (last.ply, last.move) == (ply, TAKEBACK):
        return state.read_game_view(record)  # a retry: undo once only
    _check_helpable(record, ply, "takeback")
    count = _undo_count(state.replay(record))
    if count == 0:
        raise ApiError(409, "nothing-to-take-back", "There is no move of yours to take back.")
    now = clock.now_ms()

    def apply(current: GameRecord) -> GameRecord | None:
        if current.moves != record.moves or current.status is not GameStatus.PLAYING:
            return None
        return current.evolve(
            moves=current.moves[:-count],
            assisted=True,
            clock=current.clock.start_turn(now),
            last_request=LastRequest(ply, TAKEBACK),
        )

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        raise ApiError(409, "conflict", "Another request changed this game first: reload it.")
    return state.read_game_view(saved)


def _agreed_at(record: GameRecord, ply: int) -> bool:
    """True if a draw offer made at ``ply`` already ended this game by agreement."""
    last = record.last_request
    return last is not None and (last.ply, last.move) == (ply, DRAW_OFFER) and (
        record.status, record.reason
    ) == (GameStatus.DRAW, Decision.AGREEMENT)


def offer_draw(game_id: str, authorization: str | None, *, ply: int) -> DrawOfferResult:
    """Against the computer, it answers at once from its own evaluation and the material: it
    accepts a dead-level ending or a position where it stands worse, declines otherwise.
    Between two players on one device, the page has asked both of them first, so the offer
    is the agreement. An accepted offer ends the game as a draw by agreement."""
    record = open_game(game_id, authorization)
    if _agreed_at(record, ply):
        return DrawOfferResult(accepted=True, game=state.read_game_view(record))
    _check_helpable(record, ply, "draw offer")
    replayed = state.replay(record)
    if state.plays_computer(record) and not accepts_draw(replayed.board, level=record.level):
        return DrawOfferResult(accepted=False, game=state.game_view(record, replayed))
    now = clock.now_ms()

    def apply(current: GameRecord) -> GameRecord | None:
        if current.moves != record.moves or current.status is not GameStatus.PLAYING:
            return None
        drawn = current.evolve(
            status=GameStatus.DRAW,
            reason=Decision.AGREEMENT,
            clock=current.clock.charge_move(now),
            finished_at=clock.iso_from_ms(now),
            last_request=LastRequest(ply, DRAW_OFFER),
        )
        return drawn.evolve(expires_at=state.finished_expiry(drawn, now))

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        current = game_store.load_game(game_id)
        if current is not None and _agreed_at(current, ply):
            return DrawOfferResult(accepted=True, game=state.read_game_view(current))
        raise ApiError(409, "conflict", "Another request changed this game first: reload it.")
    return DrawOfferResult(accepted=True, game=state.game_view(saved, replayed, now))
