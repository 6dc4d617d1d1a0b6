"""Games, refereed by the server: create, read, play a move (and the computer's reply), resign,
claim.

Nothing the browser says about the game is trusted. Each request rebuilds the board by
replaying the stored moves from the stored start position, checks the player's move with the
engine, computes the computer's reply with ``dames.ai.choose_move`` from the game's own seed
and level, keeps the clock (see ``clock``) and computes the score (see ``scoring``). Every
function raises ``ApiError`` for anything the client did wrong; the FastAPI routes in
``functions/games/games_app.py`` are thin wrappers around these functions.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import dames
import dames.ai
from dames.errors import AmbiguousMoveError, MoveError

from dames_backend import clock, game_store, scoring
from dames_backend.config import get_settings
from dames_backend.errors import ApiError
from dames_backend.game_store import GameRecord, LastRequest, StaleGameError
from dames_backend.security import (
    bearer_token,
    hash_token,
    new_id,
    new_token,
    require_token_match,
)

MODES = ("daily", "free", "practice")
DAILY_LEVEL = "defi"
DEFAULT_LEVEL = "defi"
DEFAULT_VARIANT = "international"
DRAW_RULES = "defi"
GAME_ID_PATTERN = re.compile(r"^g_[A-Za-z0-9_-]{8,40}$")
# ASCII digits joined by '-' or 'x' (Python's int() would also read other scripts' digits).
MOVE_TEXT_PATTERN = re.compile(r"^[0-9]{1,2}(?:[-xX][0-9]{1,2}){1,30}$")


@dataclass
class Replayed:
    """A game rebuilt from its record: the board now, and what the view needs from history."""

    board: dames.Board
    notations: list[str] = field(default_factory=list)
    last_computer_move: dict[str, Any] | None = None


def utc_now_iso() -> str:
    """The current UTC time as ``2026-11-30T10:00:00Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def utc_today() -> str:
    """Today's date in UTC (the daily challenge's calendar)."""
    return datetime.now(UTC).strftime("%Y-%m-%d")


def new_board(start_fen: str | None, variant: str) -> dames.Board:
    """A board with the draw rules every server game uses."""
    return dames.Board(start_fen, variant=variant, draw_rules=DRAW_RULES)


def move_view(board: dames.Board, move: dames.Move) -> dict[str, Any]:
    """A MoveView; ``board`` is the position *before* ``move`` (notation depends on it)."""
    return {
        "notation": board.notation(move),
        "hub": move.hub(),
        "path": list(move.path),
        "captures": list(move.captures),
        "promotes": bool(move.promotes),
    }


def _find_move(board: dames.Board, full_path: str) -> dames.Move:
    for move in board.legal_moves():
        if str(move) == full_path:
            return move
    # A stored move always came out of legal_moves(); failing here means the engine's rules
    # changed under a running game, which no client input can cause.
    raise RuntimeError(f"stored move {full_path} is not legal at ply {board.ply}")


def replay(record: GameRecord) -> Replayed:
    """Rebuild the game: push every stored move on a fresh board from ``startFen``."""
    board = new_board(record.start_fen, record.variant)
    replayed = Replayed(board)
    for full_path in record.moves:
        move = _find_move(board, full_path)
        if str(board.turn) != record.player_color:
            replayed.last_computer_move = move_view(board, move)
            replayed.notations.append(replayed.last_computer_move["notation"])
        else:
            replayed.notations.append(board.notation(move))
        board.push(move)
    return replayed


def game_view(record: GameRecord, replayed: Replayed) -> dict[str, Any]:
    """The GameView of ``docs/http-api.md``: everything the site shows, never the seed."""
    board = replayed.board
    playing = record.status == "playing" and str(board.turn) == record.player_color
    return {
        "id": record.id,
        "mode": record.mode,
        "variant": record.variant,
        "level": record.level,
        "date": record.date,
        "playerColor": record.player_color,
        "status": record.status,
        "reason": record.reason,
        "fen": board.fen(),
        "turn": str(board.turn),
        "ply": board.ply,
        "moves": list(replayed.notations),
        "lastComputerMove": replayed.last_computer_move,
        "legalMoves": [move_view(board, m) for m in board.legal_moves()] if playing else [],
        "pieces": {"white": board.count(dames.WHITE), "black": board.count(dames.BLACK)},
        "clock": {"elapsedMs": record.elapsed_ms},
        "score": record.score,
        "claimed": record.claimed,
        "createdAt": record.created_at,
    }


def _expires_at(now_ms: int) -> int:
    """TTL (epoch seconds) of an unfinished game, counted from its last activity."""
    return now_ms // 1000 + get_settings().game_ttl_days * 86_400


def _count(metric: str) -> None:
    from aws_lambda_powertools.metrics import MetricUnit

    from dames_backend.app_factory import metrics

    metrics.add_metric(name=metric, unit=MetricUnit.Count, value=1)


# --- create -------------------------------------------------------------------------------


def _daily_seed(date: str) -> str:
    from dames_backend.daily import get_or_create_daily

    return str(get_or_create_daily(date).seed)


def create_game(
    mode: str,
    *,
    fen: str | None = None,
    level: str | None = None,
    variant: str | None = None,
) -> tuple[str, dict[str, Any]]:
    """Start a game; returns ``(token, GameView)``. The token is shown once, stored hashed.

    Daily: today's (UTC) secret seed, level ``defi``, the standard start. Free: a fresh random
    seed, level ``defi``. Practice: any ``fen``/``level``/``variant``, a random seed. The player
    plays the side to move, so the computer never moves first.
    """
    if mode not in MODES:
        raise ApiError(422, "invalid-request", f"mode: must be one of {', '.join(MODES)}")
    if mode != "practice" and (fen is not None or level is not None or variant is not None):
        raise ApiError(
            422, "practice-only", "fen, level and variant can only be chosen for practice games."
        )
    variant = variant or DEFAULT_VARIANT
    level = level or DEFAULT_LEVEL
    if variant not in dames.VARIANTS:
        raise ApiError(422, "unknown-variant", f"Unknown variant {variant!r}.")
    if level not in dames.ai.LEVELS:
        raise ApiError(422, "unknown-level", f"Unknown level {level!r}.")
    try:
        board = new_board(fen, variant)
    except ValueError as exc:
        raise ApiError(422, "bad-fen", f"This position cannot be played: {exc}") from exc
    if board.outcome() is not None or not board.legal_moves():
        raise ApiError(422, "game-over-position", "The side to move has no move in this position.")

    date: str | None = None
    if mode == "daily":
        date = utc_today()
        seed = _daily_seed(date)
    else:
        seed = secrets.token_hex(16)

    token = new_token()
    now = clock.now_ms()
    record = GameRecord(
        id=new_id("g"),
        token_hash=hash_token(token),
        mode=mode,
        variant=variant,
        level=DAILY_LEVEL if mode == "daily" else level,
        seed=seed,
        date=date,
        start_fen=board.fen(),
        player_color=str(board.turn),
        created_at=utc_now_iso(),
        last_answer_ms=now,
        expires_at=_expires_at(now),
    )
    game_store.insert_game(record)
    _count("GameCreated")
    return token, game_view(record, Replayed(board))


# --- access -------------------------------------------------------------------------------


def authorize(game_id: str, authorization: str | None) -> GameRecord:
    """The game behind ``game_id`` if the Bearer token opens it.

    401 without a token, 404 for an unknown id, 403 for a token that does not match.
    """
    token = bearer_token(authorization)
    record = game_store.load_game(game_id) if GAME_ID_PATTERN.match(game_id) else None
    if record is None:
        raise ApiError(404, "game-not-found", "No such game.")
    require_token_match(token, record.token_hash)
    return record


def _check_not_expired(record: GameRecord) -> None:
    """Unfinished games expire; DynamoDB deletes them late (emulators never), so check here."""
    expires_at = record.expires_at
    now_s = clock.now_ms() // 1000
    if record.status == "playing" and expires_at is not None and expires_at <= now_s:
        raise ApiError(410, "game-expired", "This game was left unfinished and has expired.")


def read_game(game_id: str, authorization: str | None) -> dict[str, Any]:
    """The whole state of a game, so a reload resumes it."""
    record = authorize(game_id, authorization)
    _check_not_expired(record)
    return game_view(record, replay(record))


# --- moves --------------------------------------------------------------------------------


def _retry_answer(record: GameRecord, ply: int, move_text: str) -> dict[str, Any] | None:
    """The stored answer if this request repeats the last accepted one exactly."""
    last = record.last_request
    if last is not None and last.ply == ply and last.move == move_text:
        return record.last_response()
    return None


def _finish(record: GameRecord, board: dames.Board, outcome: Any, when: str) -> GameRecord:
    if outcome.winner is None:
        status = "draw"
    elif str(outcome.winner) == record.player_color:
        status = "won"
    else:
        status = "lost"
    score = None
    if status == "won":
        player = dames.WHITE if record.player_color == "white" else dames.BLACK
        score = scoring.win_score(board.count(player), record.elapsed_ms).as_json()
    return record.evolve(
        status=status, reason=outcome.reason, score=score, finished_at=when, expires_at=None
    )


def play_move(
    game_id: str, authorization: str | None, *, ply: int, move_text: str, think_ms: int
) -> dict[str, Any]:
    """Apply the player's move at ``ply`` and the computer's reply; return the new GameView.

    A repeat of the last accepted request (same ply, same text) returns its stored answer. A
    ``ply`` other than the current one is 409 ``stale-ply`` with the current GameView; an
    illegal or ambiguous move is 422 and changes nothing. Losing a write race to another
    request is treated like a stale ply (or as a retry, if the winner was this same move).
    """
    received = clock.now_ms()  # before any work of ours, which must not count for the player
    move_text = move_text.strip()
    record = authorize(game_id, authorization)
    _check_not_expired(record)
    answer = _retry_answer(record, ply, move_text)
    if answer is not None:
        return answer

    replayed = replay(record)
    board = replayed.board
    if record.status != "playing":
        raise ApiError(
            409, "game-over", f"This game is over ({record.status}).",
            game=game_view(record, replayed),
        )
    if ply != board.ply:
        raise ApiError(
            409, "stale-ply",
            f"The game is at ply {board.ply}, not {ply}: reload it.",
            game=game_view(record, replayed),
        )
    if not MOVE_TEXT_PATTERN.match(move_text):
        raise ApiError(
            422, "illegal-move",
            f"{move_text[:40]!r} is not a move: write squares with digits 0-9 joined by - or x.",
        )
    try:
        move = board.parse_move(move_text)
    except AmbiguousMoveError as exc:
        raise ApiError(422, "ambiguous-move", str(exc)) from exc
    except (MoveError, ValueError) as exc:
        raise ApiError(422, "illegal-move", str(exc)) from exc

    counted = clock.counted_move_ms(think_ms, received - record.last_answer_ms)
    moves = list(record.moves)

    replayed.notations.append(board.notation(move))
    moves.append(str(move))
    board.push(move)
    outcome = board.outcome()
    if outcome is None:
        reply = dames.ai.choose_move(board, seed=record.seed, level=record.level, ply=board.ply)
        replayed.last_computer_move = move_view(board, reply)
        replayed.notations.append(replayed.last_computer_move["notation"])
        moves.append(str(reply))
        board.push(reply)
        outcome = board.outcome()

    answered = clock.now_ms()
    updated = record.evolve(
        moves=tuple(moves),
        elapsed_ms=record.elapsed_ms + counted,
        last_answer_ms=answered,
        expires_at=_expires_at(answered),
    )
    if outcome is not None:
        updated = _finish(updated, board, outcome, utc_now_iso())
    view = game_view(updated, replayed)
    updated = updated.evolve(
        last_request=LastRequest(ply, move_text, json.dumps(view, separators=(",", ":")))
    )
    try:
        game_store.save_game(updated, record.version)
    except StaleGameError:
        return _after_lost_race(game_id, ply, move_text)
    _count("MovePlayed")
    if updated.status != "playing":
        _count(f"Game{updated.status.capitalize()}")
    return view


def _after_lost_race(game_id: str, ply: int, move_text: str) -> dict[str, Any]:
    current = game_store.load_game(game_id)
    if current is None:  # pragma: no cover - games are never deleted while being played
        raise ApiError(404, "game-not-found", "No such game.")
    answer = _retry_answer(current, ply, move_text)
    if answer is not None:
        return answer
    raise ApiError(
        409, "stale-ply",
        "Another request changed this game first: reload it.",
        game=game_view(current, replay(current)),
    )


# --- resign -------------------------------------------------------------------------------


def resign_game(game_id: str, authorization: str | None) -> dict[str, Any]:
    """Resign a running game (idempotent: resigning a resigned game returns it)."""
    record = authorize(game_id, authorization)
    _check_not_expired(record)
    replayed = replay(record)
    if record.status == "resigned":
        return game_view(record, replayed)
    if record.status != "playing":
        raise ApiError(
            409, "game-over", f"This game is over ({record.status}).",
            game=game_view(record, replayed),
        )
    updated = record.evolve(
        status="resigned", reason="resigned", finished_at=utc_now_iso(), expires_at=None
    )
    try:
        game_store.save_game(updated, record.version)
    except StaleGameError:
        current = game_store.load_game(game_id)
        if current is not None and current.status == "resigned":
            return game_view(current, replay(current))
        raise ApiError(
            409, "conflict", "Another request changed this game first: reload it."
        ) from None
    _count("GameResigned")
    return game_view(updated, replayed)


# --- claim --------------------------------------------------------------------------------


def claim_game(
    game_id: str, authorization: str | None, player_token: str | None
) -> dict[str, Any]:
    """Enter a won daily/free game in its leaderboard under the player's pseudonym.

    The figures come from the stored game; the leaderboard's own transaction guarantees one
    claim per game (a second claim is 409), then the game is flagged ``claimed``.
    """
    from dames_backend.leaderboard import record_claim
    from dames_backend.players import authenticate_player

    record = authorize(game_id, authorization)
    if not player_token or not player_token.strip():
        raise ApiError(401, "missing-player-token", "This request needs an X-Player-Token header.")
    player = authenticate_player(player_token.strip())
    if record.mode == "practice":
        raise ApiError(422, "not-claimable", "Practice games never enter a leaderboard.")
    if record.status != "won" or record.score is None:
        raise ApiError(422, "not-claimable", "Only a won game can be entered in a leaderboard.")
    if record.claimed:
        raise ApiError(409, "already-claimed", "This game was already entered in a leaderboard.")
    try:
        result = record_claim(
            game_id=record.id,
            player=player,
            board=record.mode,
            date=record.date if record.mode == "daily" else None,
            score=int(record.score["total"]),
            pieces=int(record.score["pieces"]),
            seconds=int(record.score["seconds"]),
            achieved_at=record.finished_at,
        )
    except ApiError as exc:
        if exc.code == "already-claimed":
            # The claim exists but the game's flag was not set (a failure between the two
            # writes): set it now so the GameView tells the truth.
            game_store.mark_claimed(record.id, None)
        raise
    game_store.mark_claimed(record.id, str(player.player_id))
    _count("GameClaimed")
    body: dict[str, Any] = result.as_json()
    return body
