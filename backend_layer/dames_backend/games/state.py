"""A stored game as the server sees it: the board rebuilt by replaying the record, whose turn
it is, who won, whether a win may enter a leaderboard, how long the item is kept, and the
``GameView`` the site shows (never the seed).

Nothing the browser says about the game is trusted: every request rebuilds the board from the
stored start position and moves (``replay``), with the engine's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import dames

from dames_backend import clock
from dames_backend.daily import challenge as daily
from dames_backend.games import retention, scoring
from dames_backend.games.enums import GameMode, GameOutcome, GameStatus, Side
from dames_backend.games.ranked_setup import RANKED_SETUP
from dames_backend.games.store import GameRecord
from dames_backend.games.views import ClockView, GameView, MoveView, PiecesView, move_view


@dataclass
class Replayed:
    """A game rebuilt from its record: the board now, and what the view needs from history."""

    board: dames.Board
    notations: list[str] = field(default_factory=list)
    captured: list[int] = field(default_factory=list)
    by_computer: list[bool] = field(default_factory=list)
    last_move: MoveView | None = None
    last_computer_move: MoveView | None = None
    last_player_move: MoveView | None = None

    def record(self, move: dames.Move, *, by_computer: bool) -> None:
        """Push ``move`` on the board and note what the view shows of it."""
        view = move_view(self.board, move)
        self.notations.append(view.notation)
        self.captured.append(len(view.captures))
        self.by_computer.append(by_computer)
        self.last_move = view
        if by_computer:
            self.last_computer_move = view
        else:
            self.last_player_move = view
        self.board.push(move)


def new_board(start_fen: str | None, variant: str, draw_rules: str) -> dames.Board:
    return dames.Board(start_fen, variant=variant, draw_rules=draw_rules)


def _find_move(board: dames.Board, full_path: str) -> dames.Move:
    for move in board.legal_moves():
        if str(move) == full_path:
            return move
    # A stored move always came out of legal_moves(); failing here means the engine's rules
    # changed under a running game, which no client input can cause.
    raise RuntimeError(f"stored move {full_path} is not legal at ply {board.ply}")


def plays_computer(record: GameRecord) -> bool:
    return record.mode.plays_computer


def is_players_turn(record: GameRecord, board: dames.Board) -> bool:
    """In a duo game every turn is a player's; otherwise only ``playerColor``'s."""
    return not plays_computer(record) or Side.of(board.turn) is record.player_color


def replay(record: GameRecord) -> Replayed:
    """Rebuild the game: push every stored move on a fresh board from ``startFen``."""
    replayed = Replayed(new_board(record.start_fen, record.variant, record.draw_rules))
    for full_path in record.moves:
        board = replayed.board
        replayed.record(
            _find_move(board, full_path), by_computer=not is_players_turn(record, board)
        )
    return replayed


def opening_notation(record: GameRecord, plies: int) -> list[str]:
    """The game's first ``plies`` moves in official notation (replays only those)."""
    board = new_board(record.start_fen, record.variant, record.draw_rules)
    notations: list[str] = []
    for full_path in record.moves[:plies]:
        move = _find_move(board, full_path)
        notations.append(move_view(board, move).notation)
        board.push(move)
    return notations


def is_thinking(record: GameRecord) -> bool:
    """The computer is computing its reply to the stored player's move (``games.reply``)."""
    return record.status is GameStatus.PLAYING and record.thinking_since_ms is not None


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
    if record.mode is GameMode.DAILY and record.date:
        when = clock.ms_from_iso(record.finished_at) if record.finished_at else now_ms
        return when < int(daily.closes_at(record.date).timestamp() * 1000)
    return record.mode is GameMode.FREE and ranked_setup(record) and not record.assisted


def outcome(record: GameRecord) -> GameOutcome | None:
    """How a finished game ended (None while it is played): its termination and winner,
    from the player's status (a resignation against the computer is the computer's win)."""
    if record.status is GameStatus.PLAYING:
        return None
    player = record.player_color
    winner = {
        GameStatus.WON: player, GameStatus.LOST: player.opponent,
        GameStatus.RESIGNED: player.opponent, GameStatus.DRAW: None,
    }[record.status]
    return GameOutcome(record.reason, winner)


def winner(record: GameRecord) -> Side | None:
    """The side that won a finished game (None while playing and for a draw)."""
    ended = outcome(record)
    return None if ended is None else ended.winner


def clock_view(record: GameRecord, now_ms: int) -> ClockView:
    """The player's clock as the server sees it at ``now_ms``."""
    game_clock = record.clock
    # The player's clock stops from their move's arrival until the computer's reply is stored.
    playing = record.status is GameStatus.PLAYING and not is_thinking(record)
    return ClockView(
        elapsedMs=game_clock.elapsed_ms,
        turnMs=game_clock.turn_ms(now_ms) if playing else 0,
        running=playing and not game_clock.paused,
        paused=record.status is GameStatus.PLAYING and game_clock.paused,
        since=(game_clock.paused_since_ms or game_clock.turn_started_ms) if playing else None,
        serverNow=now_ms,
        pauses=game_clock.pauses,
        pausedMs=game_clock.paused_ms,
    )


def game_view(record: GameRecord, replayed: Replayed, now_ms: int | None = None) -> GameView:
    """Everything the site shows of a game, never the seed."""
    now = clock.now_ms() if now_ms is None else now_ms
    board = replayed.board
    playing = record.status is GameStatus.PLAYING and is_players_turn(record, board)
    return GameView(
        id=record.id,
        mode=record.mode,
        variant=record.variant,
        level=record.level if plays_computer(record) else None,
        date=record.date,
        playerColor=record.player_color,
        status=record.status,
        reason=None if record.reason is None else record.reason.value,
        winner=winner(record),
        startFen=record.start_fen,
        fen=board.fen(),
        turn=Side.of(board.turn),
        ply=board.ply,
        moves=list(replayed.notations),
        captured=list(replayed.captured),
        lastMove=replayed.last_move,
        lastComputerMove=replayed.last_computer_move,
        lastPlayerMove=replayed.last_player_move,
        thinking=is_thinking(record),
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


def finish(
    record: GameRecord, board: dames.Board, outcome: dames.Outcome, when_ms: int
) -> GameRecord:
    """``record`` ended by ``outcome`` at ``when_ms``: its status, a win's score, its expiry."""
    if outcome.winner is None:
        status = GameStatus.DRAW
    elif Side.of(outcome.winner) is record.player_color:
        status = GameStatus.WON
    else:
        status = GameStatus.LOST
    score = None
    if status is GameStatus.WON and plays_computer(record):
        pieces = board.count(record.player_color.color)
        score = scoring.win_score(pieces, record.clock.elapsed_ms).model_dump()
    finished = record.evolve(
        status=status, reason=outcome.reason, score=score, finished_at=clock.iso_from_ms(when_ms)
    )
    return finished.evolve(expires_at=finished_expiry(finished, when_ms))


def read_game_view(record: GameRecord) -> GameView:
    """The GameView of a stored record as it stands now."""
    return game_view(record, replay(record))


def unfinished_expiry(now_ms: int) -> int | None:
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
