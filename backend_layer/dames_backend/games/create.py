"""Starting a game: what each mode lets the player choose, the daily challenge's seed, the
computer's first move when it has White.
"""

from __future__ import annotations

import secrets

import dames
import dames.ai
from dames import draws
from dames.setup import NO_LEGAL_MOVE, check_setup

from dames_backend import clock
from dames_backend.daily import challenge as daily
from dames_backend.errors import ApiError
from dames_backend.games import store as game_store
from dames_backend.games.enums import GameMode, Side
from dames_backend.games.ranked_setup import RANKED_SETUP
from dames_backend.games.reply import computer_replies
from dames_backend.games.state import Replayed, finish, game_view, new_board, unfinished_expiry
from dames_backend.games.store import GameRecord
from dames_backend.games.views import GameView
from dames_backend.security import hash_token, new_id, new_token

DAILY_LEVEL = "defi"
# A free game's choices by default are the free leaderboard's set-up.
DEFAULT_LEVEL = RANKED_SETUP.level
DEFAULT_VARIANT = RANKED_SETUP.variant
DEFAULT_COLOR = RANKED_SETUP.color


def _daily_challenge(day: str | None) -> daily.DailyChallenge:
    """Today's challenge (created on demand), or a past day's once that day has closed."""
    today = daily.today_utc(daily.utc_now())
    if day is None or day == today:
        return daily.get_or_create_daily(today)
    if daily.parse_date(day) is None:
        raise ApiError(422, "invalid-date", "The date must be a real day written yyyy-mm-dd.")
    if day > today:
        raise ApiError(422, "daily-not-started", f"The challenge of {day} has not begun.")
    if not daily.is_closed(day):
        raise ApiError(
            422,
            "daily-not-closed",
            f"The challenge of {day} still counts for its players until "
            f"{clock.iso_utc(daily.closes_at(day))}; it can be replayed after that.",
        )
    challenge = daily.get_daily(day)
    if challenge is None:
        raise ApiError(404, "no-challenge", f"There was no challenge on {day}.")
    return challenge


def _check_options(
    mode: GameMode, fen: str | None, level: str | None, variant: str | None,
    color: Side | None, date: str | None,
) -> None:
    """What each mode lets the player choose (the daily challenge: nothing)."""
    chosen = {"fen": fen, "level": level, "variant": variant, "color": color}
    if mode is GameMode.DAILY and any(v is not None for v in chosen.values()):
        raise ApiError(
            422, "daily-fixed",
            "The daily challenge is the same for everyone: White against defi from the start.",
        )
    if mode is GameMode.DUO and (level is not None or color is not None):
        raise ApiError(
            422, "duo-no-computer", "A game between two players has no computer level or colour."
        )
    if mode is not GameMode.DAILY and date is not None:
        raise ApiError(422, "daily-only", "Only a daily game is played on a date.")
    if variant is not None and variant not in dames.VARIANTS:
        raise ApiError(422, "unknown-variant", f"Unknown variant {variant!r}.")
    if level is not None and level not in dames.ai.LEVELS:
        raise ApiError(422, "unknown-level", f"Unknown level {level!r}.")


def _playable_board(fen: str | None, variant: str, rules: str) -> dames.Board:
    """The start position, or 422: a FEN that does not read, a set-up no game can reach (a
    side without a piece or with more than it starts with, a man on its crowning row: the
    analysis board's rule, ``dames.setup``), or a side to move that has already lost."""
    try:
        board = new_board(fen, variant, rules)
    except ValueError as exc:
        raise ApiError(422, "bad-fen", f"This position cannot be played: {exc}") from exc
    faults = [] if fen is None else [
        p.message for p in check_setup(variant, fen) if p.code != NO_LEGAL_MOVE]
    if faults:
        raise ApiError(422, "bad-fen", f"This position cannot be played: {' '.join(faults)}")
    if board.outcome() is not None or not board.legal_moves():
        raise ApiError(422, "game-over-position", "The side to move has no move in this position.")
    return board


def create_game(
    mode: GameMode,
    *,
    fen: str | None = None,
    level: str | None = None,
    variant: str | None = None,
    color: Side | None = None,
    date: str | None = None,
    player_token: str | None = None,
) -> tuple[str, GameView]:
    """Start a game; returns ``(token, GameView)``. The token is shown once, stored hashed.

    ``player_token`` (the browser's ``X-Player-Token``, when it has a pseudonym) binds the
    game to that player: only they can claim it (``claim_game``). A token that does not
    authenticate binds nothing, and the game is played as one started without a pseudonym.

    Daily: the day's secret seed (today, or a closed past day: unranked), White against
    ``defi`` from the start. Free (and the older practice): a fresh random seed and any level,
    colour, variant and start position (the player's colour defaults to the side to move);
    with the other colour the computer opens at once. Duo: two players on one device, no
    computer.
    """
    _check_options(mode, fen, level, variant, color, date)
    variant = variant or DEFAULT_VARIANT
    # The daily challenge keeps its own draw rules, every other game its federation's.
    rules = draws.rules_for_mode(mode)
    board = _playable_board(fen, variant, rules)

    now = clock.now_ms()
    day: str | None = None
    if mode is GameMode.DAILY:
        challenge = _daily_challenge(date)
        day, seed = challenge.date, challenge.seed
    else:
        seed = secrets.token_hex(16)

    token = new_token()
    record = GameRecord(
        id=new_id("g"),
        token_hash=hash_token(token),
        mode=mode,
        variant=variant,
        level=DAILY_LEVEL if mode is GameMode.DAILY else level or DEFAULT_LEVEL,
        seed=seed,
        date=day,
        start_fen=board.fen(),
        player_color=color or Side.of(board.turn),
        created_at=clock.iso_from_ms(now),
        ai_version=dames.ai.AI_VERSION,
        from_position=fen is not None,
        draw_rules=rules,
        owner_id=_owner_of(player_token),
    )
    replayed = Replayed(board)
    moves: list[str] = []
    computer_replies(record, replayed, moves)
    answered = clock.now_ms()
    record = record.evolve(
        moves=tuple(moves),
        clock=clock.GameClock(turn_started_ms=answered),
        expires_at=unfinished_expiry(answered),
    )
    outcome = board.outcome()
    if outcome is not None:
        record = finish(record, board, outcome, answered)
    game_store.insert_game(record)
    return token, game_view(record, replayed, answered)


def _owner_of(player_token: str | None) -> str | None:
    """The player a new game is bound to: the one its creator's token names, if any."""
    from dames_backend.players import activity
    from dames_backend.players.accounts import authenticate_player

    if player_token is None or not player_token.strip():
        return None
    try:
        player = authenticate_player(player_token)
    except ApiError:
        return None
    activity.touch(player.player_id, player.active_day)  # the retention's "last active"
    return player.player_id
