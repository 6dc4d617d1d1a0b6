"""Games, refereed by the server: create, read, play a move (and the computer's reply), pause
the clock, resign, claim.

Nothing the browser says about the game is trusted. Each request rebuilds the board by
replaying the stored moves from the stored start position, checks the player's move with the
engine, computes the computer's reply with ``dames.ai.choose_move`` from the game's own seed
and level, keeps the clock from the server's own timestamps (see ``clock``) and computes the
score (see ``scoring``). Every function raises ``ApiError`` for anything the client did wrong;
the FastAPI routes in ``functions/games/games_app.py`` are thin wrappers around these.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import dames
import dames.ai
from dames import draws
from dames.errors import AmbiguousMoveError, MoveError
from dames.notation import MOVE_TEXT

from dames_backend import client_limits, clock, daily, game_store, refusals, retention, scoring
from dames_backend.errors import ApiError, busy_error
from dames_backend.free_board import RANKED_SETUP
from dames_backend.game_store import GameRecord, LastRequest, StaleGameError
from dames_backend.game_views import (
    MODES,
    ClockView,
    GameView,
    MoveView,
    PiecesView,
    as_color,
    as_mode,
    as_status,
)
from dames_backend.security import (
    bearer_token,
    hash_token,
    new_id,
    new_token,
    require_token_match,
)

if TYPE_CHECKING:
    from dames_backend.leaderboard_views import ClaimResult

DAILY_LEVEL = "defi"
# A free game's choices by default are the free leaderboard's set-up.
DEFAULT_LEVEL = RANKED_SETUP.level
DEFAULT_VARIANT = RANKED_SETUP.variant
DEFAULT_COLOR = RANKED_SETUP.color
# Modes where the server plays one side; in "duo" two people share a device and the server
# only referees.
COMPUTER_MODES = ("daily", "free", "practice")
GAME_ID_PATTERN = re.compile(r"^g_[A-Za-z0-9_-]{8,40}$")
# Writes that lose to a pause/resume of the same game are redone this many times at most.
_SAVE_ATTEMPTS = 4


@dataclass
class Replayed:
    """A game rebuilt from its record: the board now, and what the view needs from history."""

    board: dames.Board
    notations: list[str] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)
    by_computer: list[bool] = field(default_factory=list)
    last_move: MoveView | None = None
    last_computer_move: MoveView | None = None

    def record(self, move: dames.Move, *, by_computer: bool) -> None:
        """Push ``move`` on the board and note what the view shows of it."""
        view = move_view(self.board, move)
        self.notations.append(view.notation)
        self.captured.append(len(view.captures))
        self.by_computer.append(by_computer)
        self.last_move = view
        if by_computer:
            self.last_computer_move = view
        self.board.push(move)


def new_board(start_fen: str | None, variant: str, draw_rules: str) -> dames.Board:
    return dames.Board(start_fen, variant=variant, draw_rules=draw_rules)


def move_view(board: dames.Board, move: dames.Move) -> MoveView:
    """A MoveView; ``board`` is the position *before* ``move`` (notation depends on it)."""
    return MoveView(
        notation=board.notation(move),
        hub=move.hub(),
        path=list(move.path),
        captures=list(move.captures),
        promotes=bool(move.promotes),
    )


def _find_move(board: dames.Board, full_path: str) -> dames.Move:
    for move in board.legal_moves():
        if str(move) == full_path:
            return move
    # A stored move always came out of legal_moves(); failing here means the engine's rules
    # changed under a running game, which no client input can cause.
    raise RuntimeError(f"stored move {full_path} is not legal at ply {board.ply}")


def plays_computer(record: GameRecord) -> bool:
    return record.mode in COMPUTER_MODES


def is_players_turn(record: GameRecord, board: dames.Board) -> bool:
    """In a duo game every turn is a player's; otherwise only ``playerColor``'s."""
    return not plays_computer(record) or str(board.turn) == record.player_color


def replay(record: GameRecord) -> Replayed:
    """Rebuild the game: push every stored move on a fresh board from ``startFen``."""
    replayed = Replayed(new_board(record.start_fen, record.variant, record.draw_rules))
    for full_path in record.moves:
        board = replayed.board
        replayed.record(
            _find_move(board, full_path), by_computer=not is_players_turn(record, board)
        )
    return replayed


def closes_at(record: GameRecord) -> str | None:
    """When a daily game stops counting for its day (None for other games)."""
    return clock.iso_utc(daily.closes_at(record.date)) if record.date else None


def ranked_setup(record: GameRecord) -> bool:
    """The free leaderboard's set-up: White against ``defi`` in international draughts from
    the start position the server set. Any other choice makes a free game casual, and so does
    any position the player gave, the start included: a board that only looks like the
    start (or a game played on from an import) is not the set-up everyone else played."""
    return (
        RANKED_SETUP.matches(
            variant=record.variant, level=record.level, color=record.player_color
        )
        and not record.from_position
    )


def is_ranked(record: GameRecord, now_ms: int) -> bool:
    """Whether a win of this game may enter a leaderboard: a daily game only when it ended
    (or, still running, stands) before its day's close; a free game only as the free
    leaderboard is set up and with no hint or takeback; never a practice or duo game, nor a
    game the computer was updated during."""
    if record.ai_changed:
        return False
    if record.mode == "daily" and record.date:
        when = clock.ms_from_iso(record.finished_at) if record.finished_at else now_ms
        return when < int(daily.closes_at(record.date).timestamp() * 1000)
    return record.mode == "free" and ranked_setup(record) and not record.assisted


def winner(record: GameRecord) -> str | None:
    """The colour that won a finished game (None while playing and for a draw)."""
    if record.status in ("won", "lost"):
        others = {"white": "black", "black": "white"}
        return record.player_color if record.status == "won" else others[record.player_color]
    if record.status == "resigned":
        return {"white": "black", "black": "white"}[record.player_color]
    return None


def clock_view(record: GameRecord, now_ms: int) -> ClockView:
    """The player's clock as the server sees it at ``now_ms``."""
    game_clock = record.clock
    playing = record.status == "playing"
    return ClockView(
        elapsedMs=game_clock.elapsed_ms,
        turnMs=game_clock.turn_ms(now_ms) if playing else 0,
        running=playing and not game_clock.paused,
        paused=playing and game_clock.paused,
        since=(game_clock.paused_since_ms or game_clock.turn_started_ms) if playing else None,
        serverNow=now_ms,
        pauses=game_clock.pauses,
        pausedMs=game_clock.paused_ms,
    )


def game_view(record: GameRecord, replayed: Replayed, now_ms: int | None = None) -> GameView:
    """Everything the site shows of a game, never the seed."""
    now = clock.now_ms() if now_ms is None else now_ms
    board = replayed.board
    playing = record.status == "playing" and is_players_turn(record, board)
    won_by = winner(record)
    return GameView(
        id=record.id,
        mode=as_mode(record.mode),
        variant=record.variant,
        level=record.level if plays_computer(record) else None,
        date=record.date,
        playerColor=as_color(record.player_color),
        status=as_status(record.status),
        reason=record.reason,
        winner=as_color(won_by) if won_by else None,
        startFen=record.start_fen,
        fen=board.fen(),
        turn=as_color(str(board.turn)),
        ply=board.ply,
        moves=list(replayed.notations),
        captured=list(replayed.captured),
        lastMove=replayed.last_move,
        lastComputerMove=replayed.last_computer_move,
        legalMoves=[move_view(board, m) for m in board.legal_moves()] if playing else [],
        pieces=PiecesView(white=board.count(dames.WHITE), black=board.count(dames.BLACK)),
        clock=clock_view(record, now),
        score=scoring.Score(**record.score) if record.score else None,
        ranked=is_ranked(record, now),
        assisted=record.assisted,
        closesAt=closes_at(record),
        aiVersion=record.ai_version,
        aiChanged=record.ai_changed,
        claimed=record.claimed,
        createdAt=record.created_at,
    )


def _expires_at(now_ms: int) -> int | None:
    """TTL (epoch seconds) of an unfinished game, counted from its last activity."""
    return retention.expires_at(retention.Retention.PLAYING, now_ms)


def finished_expiry(record: GameRecord, when_ms: int) -> int | None:
    """The ``expiresAt`` of ``record``, just finished at ``when_ms``: a win that may still be
    claimed is kept long enough to be claimed and checked, any other finished game less
    (``retention``); a claimed game never expires."""
    claimable = plays_computer(record) and record.score is not None and is_ranked(record, when_ms)
    kind = retention.finished_class(
        status=record.status, claimable=claimable, claimed=record.claimed
    )
    return retention.expires_at(kind, when_ms)


# --- create -------------------------------------------------------------------------------


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
    mode: str, fen: str | None, level: str | None, variant: str | None, color: str | None,
    date: str | None,
) -> None:
    """What each mode lets the player choose (the daily challenge: nothing)."""
    if mode not in MODES:
        raise ApiError(422, "invalid-request", f"mode: must be one of {', '.join(MODES)}")
    chosen = {"fen": fen, "level": level, "variant": variant, "color": color}
    if mode == "daily" and any(v is not None for v in chosen.values()):
        raise ApiError(
            422, "daily-fixed",
            "The daily challenge is the same for everyone: White against defi from the start.",
        )
    if mode == "duo" and (level is not None or color is not None):
        raise ApiError(
            422, "duo-no-computer", "A game between two players has no computer level or colour."
        )
    if mode != "daily" and date is not None:
        raise ApiError(422, "daily-only", "Only a daily game is played on a date.")
    if variant is not None and variant not in dames.VARIANTS:
        raise ApiError(422, "unknown-variant", f"Unknown variant {variant!r}.")
    if level is not None and level not in dames.ai.LEVELS:
        raise ApiError(422, "unknown-level", f"Unknown level {level!r}.")


def _computer_replies(record: GameRecord, replayed: Replayed, moves: list[str]) -> None:
    """While the game goes on and it is the computer's turn, let it play (once, as turns
    alternate): appends to ``moves`` and to ``replayed``."""
    board = replayed.board
    if board.outcome() is None and not is_players_turn(record, board):
        reply = dames.ai.choose_move(board, seed=record.seed, level=record.level, ply=board.ply)
        moves.append(str(reply))
        replayed.record(reply, by_computer=True)


def create_game(
    mode: str,
    *,
    fen: str | None = None,
    level: str | None = None,
    variant: str | None = None,
    color: str | None = None,
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
    try:
        board = new_board(fen, variant, rules)
    except ValueError as exc:
        raise ApiError(422, "bad-fen", f"This position cannot be played: {exc}") from exc
    if board.outcome() is not None or not board.legal_moves():
        raise ApiError(422, "game-over-position", "The side to move has no move in this position.")

    now = clock.now_ms()
    day: str | None = None
    if mode == "daily":
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
        level=DAILY_LEVEL if mode == "daily" else level or DEFAULT_LEVEL,
        seed=seed,
        date=day,
        start_fen=board.fen(),
        player_color=color or str(board.turn),
        created_at=clock.iso_from_ms(now),
        ai_version=dames.ai.AI_VERSION,
        from_position=fen is not None,
        draw_rules=rules,
        owner_id=_owner_of(player_token),
    )
    replayed = Replayed(board)
    moves: list[str] = []
    _computer_replies(record, replayed, moves)
    answered = clock.now_ms()
    record = record.evolve(
        moves=tuple(moves),
        clock=clock.GameClock(turn_started_ms=answered),
        expires_at=_expires_at(answered),
    )
    outcome = board.outcome()
    if outcome is not None:
        record = _finish(record, board, outcome, answered)
    game_store.insert_game(record)
    return token, game_view(record, replayed, answered)


def _owner_of(player_token: str | None) -> str | None:
    """The player a new game is bound to: the one its creator's token names, if any."""
    from dames_backend.players import authenticate_player

    if player_token is None or not player_token.strip():
        return None
    try:
        return authenticate_player(player_token).player_id
    except ApiError:
        return None


# --- access -------------------------------------------------------------------------------


def authorize(game_id: str, authorization: str | None) -> GameRecord:
    """The game behind ``game_id`` if the Bearer token opens it.

    401 without a token, 404 for an unknown id, 403 for a token that does not match.
    """
    token = bearer_token(authorization)
    record = game_store.load_game(game_id) if GAME_ID_PATTERN.match(game_id) else None
    if record is None or _finished_and_expired(record):
        raise ApiError(404, "game-not-found", "No such game.")
    require_token_match(token, record.token_hash)
    return record


def _finished_and_expired(record: GameRecord) -> bool:
    """A finished game past its ``expiresAt`` is gone, as it will be once TTL deletes it."""
    return record.status != "playing" and retention.is_gone(record.expires_at, clock.now_ms())


def _check_not_expired(record: GameRecord) -> None:
    """Unfinished games expire; DynamoDB deletes them late (emulators never), so check here."""
    if record.status == "playing" and retention.is_gone(record.expires_at, clock.now_ms()):
        raise ApiError(410, "game-expired", "This game was left unfinished and has expired.")


def open_game(game_id: str, authorization: str | None) -> GameRecord:
    """The game behind the token, refused once an unfinished game has expired."""
    record = authorize(game_id, authorization)
    _check_not_expired(record)
    return record


def game_over_error(record: GameRecord, replayed: Replayed | None = None) -> ApiError:
    return ApiError(
        409, "game-over", f"This game is over ({record.status}).",
        game=game_view(record, replayed or replay(record)).model_dump(),
    )


def read_game(game_id: str, authorization: str | None) -> GameView:
    """The whole state of a game, so a reload, another tab or another device resumes it.

    A page reading the game shows it: a pause still open was left by a page that is gone (a
    reload, a closed tab), and ends here uncredited (``GameClock.void_pause``). A page that
    loads hidden announces its own pause after this read."""
    record = open_game(game_id, authorization)
    if record.status == "playing" and record.clock.paused:

        def void(current: GameRecord) -> GameRecord | None:
            if current.status != "playing" or not current.clock.paused:
                return None
            return current.evolve(clock=current.clock.void_pause())

        record = save_with_retries(game_id, record, void) or open_game(game_id, authorization)
    return game_view(record, replay(record))


def save_with_retries(
    game_id: str, record: GameRecord, change: Callable[[GameRecord], GameRecord | None]
) -> GameRecord | None:
    """Apply ``change`` to the freshest record and save it, re-reading after a lost race.

    ``change`` returns the record to store, or None when the fresh record no longer allows
    the change (the caller then decides what to answer). Pause beacons and moves of the same
    game may cross; neither should fail because of the other.
    """
    current: GameRecord | None = record
    for _ in range(_SAVE_ATTEMPTS):
        if current is None:
            raise ApiError(404, "game-not-found", "No such game.")
        updated = change(current)
        if updated is None:
            return None
        try:
            return game_store.save_game(updated, current.version)
        except StaleGameError:
            current = game_store.load_game(game_id)
    raise busy_error()


# --- moves --------------------------------------------------------------------------------


def _is_retry(record: GameRecord, ply: int, move_text: str) -> bool:
    """True if this request repeats the last accepted one exactly (same ply, same text)."""
    last = record.last_request
    return last is not None and last.ply == ply and last.move == move_text


def _finish(
    record: GameRecord, board: dames.Board, outcome: dames.Outcome, when_ms: int
) -> GameRecord:
    if outcome.winner is None:
        status = "draw"
    elif str(outcome.winner) == record.player_color:
        status = "won"
    else:
        status = "lost"
    score = None
    if status == "won" and plays_computer(record):
        player = dames.WHITE if record.player_color == "white" else dames.BLACK
        score = scoring.win_score(board.count(player), record.clock.elapsed_ms).model_dump()
    finished = record.evolve(
        status=status, reason=outcome.reason, score=score, finished_at=clock.iso_from_ms(when_ms)
    )
    return finished.evolve(expires_at=finished_expiry(finished, when_ms))


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
    if record.status != "playing":
        raise game_over_error(record, replayed)
    if ply != board.ply:
        raise ApiError(
            409, "stale-ply",
            f"The game is at ply {board.ply}, not {ply}: reload it.",
            game=game_view(record, replayed).model_dump(),
        )
    if not MOVE_TEXT.match(move_text.lower()):
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

    # A deploy may have brought another computer since the game began: it plays on, unranked.
    changed = plays_computer(record) and record.ai_version not in (None, dames.ai.AI_VERSION)
    moves = [*record.moves, str(move)]
    replayed.record(move, by_computer=False)
    finished_ms = received  # the player's move ended it, unless the computer's reply did
    if board.outcome() is None:
        _computer_replies(record, replayed, moves)
        finished_ms = clock.now_ms()
    outcome = board.outcome()
    answered = clock.now_ms()

    def apply(current: GameRecord) -> GameRecord | None:
        if current.moves != record.moves or current.status != "playing":
            return None  # another move landed first
        waited = refusals.credit_for(refusal, game_id, current.clock.turn_started_ms, received)
        updated = current.evolve(
            moves=tuple(moves),
            clock=current.clock.charge_move(received, waited).start_turn(answered),
            expires_at=_expires_at(answered),
            last_request=LastRequest(ply, move_text),
            ai_changed=current.ai_changed or changed,
        )
        if outcome is not None:
            updated = _finish(updated, board, outcome, finished_ms)
        return updated

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        return _after_lost_race(game_id, ply, move_text)
    return game_view(saved, replayed, answered)


def read_game_view(record: GameRecord) -> GameView:
    """The GameView of a stored record as it stands now."""
    return game_view(record, replay(record))


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


# --- the clock ----------------------------------------------------------------------------


def set_paused(game_id: str, authorization: str | None, *, paused: bool) -> ClockView:
    """The page reports its visibility as it changes: a pause opens when the server receives
    ``paused: true`` and is credited when it receives ``paused: false``. Repeats change
    nothing; a finished game's clock cannot be paused (409)."""
    record = open_game(game_id, authorization)
    if record.status != "playing":
        raise game_over_error(record)
    now = clock.now_ms()

    def apply(current: GameRecord) -> GameRecord | None:
        if current.status != "playing":
            return None
        changed = current.clock.pause(now) if paused else current.clock.resume(now)
        return None if changed == current.clock else current.evolve(clock=changed)

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        current = game_store.load_game(game_id) or record
        if current.status != "playing":
            raise game_over_error(current)
        saved = current
    return clock_view(saved, now)


# --- resign -------------------------------------------------------------------------------


def resign_game(game_id: str, authorization: str | None) -> GameView:
    """Resign a running game (idempotent: resigning a resigned game returns it). In a duo
    game the side to move resigns, so the other side wins."""
    record = open_game(game_id, authorization)
    if record.status == "resigned" or (record.reason == "resigned" and not plays_computer(record)):
        return read_game_view(record)
    if record.status != "playing":
        raise game_over_error(record)
    now = clock.now_ms()
    if plays_computer(record):
        status = "resigned"
    else:
        to_move = str(replay(record).board.turn)
        status = "lost" if to_move == record.player_color else "won"

    def apply(current: GameRecord) -> GameRecord | None:
        if current.status != "playing":
            return None
        resigned = current.evolve(
            status=status,
            reason="resigned",
            clock=current.clock.charge_move(now),
            finished_at=clock.iso_from_ms(now),
        )
        return resigned.evolve(expires_at=finished_expiry(resigned, now))

    saved = save_with_retries(game_id, record, apply)
    if saved is None:
        current = game_store.load_game(game_id)
        if current is not None and current.reason == "resigned":
            return read_game_view(current)
        raise ApiError(409, "conflict", "Another request changed this game first: reload it.")
    return read_game_view(saved)


# --- claim --------------------------------------------------------------------------------


def claim_game(
    game_id: str, authorization: str | None, player_token: str | None,
    client: str | None = None,
) -> ClaimResult:
    """Enter a won daily/free game in its leaderboard under the player's pseudonym.

    The figures come from the stored game; the leaderboard's own transaction guarantees one
    claim per game (a second claim is 409), then the game is flagged ``claimed``. A game
    bound to a player (``create_game``) is theirs alone (403 ``not-your-game``); claims are
    limited per player and per ``client`` (its address key, ``client_limits``) and day.
    """
    from dames_backend.fairplay.jobs import request_claim_analysis
    from dames_backend.fairplay.keys import moves_hash
    from dames_backend.leaderboard import record_claim
    from dames_backend.players import authenticate_player

    record = authorize(game_id, authorization)
    if not player_token or not player_token.strip():
        raise ApiError(401, "missing-player-token", "This request needs an X-Player-Token header.")
    player = authenticate_player(player_token.strip())
    if record.owner_id is not None and record.owner_id != player.player_id:
        raise ApiError(
            403,
            "not-your-game",
            "This game was started by another player: only they can enter it in a leaderboard.",
        )
    if record.mode in ("practice", "duo"):
        raise ApiError(422, "not-claimable", f"A {record.mode} game never enters a leaderboard.")
    if record.status != "won" or record.score is None:
        raise ApiError(422, "not-claimable", "Only a won game can be entered in a leaderboard.")
    if record.ai_changed:
        raise ApiError(
            422,
            "computer-changed",
            f"The computer was updated during this game (it began with version "
            f"{record.ai_version}): its replies cannot all be checked, so it does not count.",
        )
    if record.mode == "free" and not is_ranked(record, clock.now_ms()):
        raise ApiError(
            422,
            "casual-game",
            "Only free games as the free leaderboard is set up (White against defi, "
            "international, from the start, no hint, no takeback) enter it: this one is casual.",
        )
    if not is_ranked(record, clock.now_ms()):
        raise ApiError(
            422,
            "daily-closed",
            f"The challenge of {record.date} closed at {closes_at(record)} before this game was "
            "won: it no longer counts for that day's leaderboard.",
        )
    if record.claimed:
        raise ApiError(409, "already-claimed", "This game was already entered in a leaderboard.")
    if client is not None:
        client_limits.charge(client_limits.CLAIMS_PER_ADDRESS, client)
    client_limits.charge(client_limits.CLAIMS_PER_PLAYER, player.player_id)
    try:
        result = record_claim(
            game_id=record.id,
            player=player,
            board=record.mode,
            date=record.date if record.mode == "daily" else None,
            score=int(record.score["total"]),
            pieces=int(record.score["pieces"]),
            seconds=int(record.score["seconds"]),
            pauses=record.clock.pauses,
            paused_ms=record.clock.paused_ms,
            achieved_at=record.finished_at,
            moves_digest=moves_hash(record.moves),
        )
    except ApiError as exc:
        if exc.code == "already-claimed":
            # The claim exists but the game's flag was not set (a failure between the two
            # writes): set it now so the GameView tells the truth.
            game_store.mark_claimed(record.id, None)
        raise
    game_store.mark_claimed(record.id, str(player.player_id))
    if result.status == "provisional":
        request_claim_analysis(record.id)
    return result
