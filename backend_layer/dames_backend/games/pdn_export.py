"""A game as a PDN file: the standard tags, and what checking the computer needs.

The seed is a tag only once it is public: for a daily game after its day's close (anyone can
then replay the day and confirm every reply with ``python -m dames verify``), for any other
game once it is over (its seed was random and served that game alone). A running daily game's
PDN never carries it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from dames_backend.daily import challenge as daily
from dames_backend.games import access, state
from dames_backend.games.enums import GameMode, GameStatus, Side
from dames_backend.games.store import GameRecord

if TYPE_CHECKING:
    from dames.analysis import GameAnalysis

SITE = "Dames du jour"
COMPUTER = "Computer"


def _players(record: GameRecord) -> tuple[str, str]:
    if not state.plays_computer(record):
        return "White", "Black"
    computer = f"{COMPUTER} ({record.level})"
    return ("Player", computer) if record.player_color is Side.WHITE else (computer, "Player")


def _event(record: GameRecord) -> str:
    if record.mode is GameMode.DAILY:
        return f"{SITE} daily challenge {record.date}"
    return f"{SITE} {'two-player game' if record.mode is GameMode.DUO else 'free game'}"


def seed_is_public(record: GameRecord) -> bool:
    if record.mode is GameMode.DAILY and record.date:
        return daily.is_closed(record.date)
    return record.status is not GameStatus.PLAYING


def _published_analysis(record: GameRecord) -> GameAnalysis | None:
    """The game's finished analysis, once the player may see it (the rule of the analysis
    routes: a game over, a daily game's day closed), so that a download is never a hint."""
    if record.status is GameStatus.PLAYING or not seed_is_public(record):
        return None
    from dames.analysis import GameAnalysis

    from dames_backend.fairplay.jobs import load_job

    job = load_job(record.id)
    if job is None or job.status != "done" or job.result is None:
        return None
    return GameAnalysis.from_dict(job.result)


def game_pdn(game_id: str, authorization: str | None) -> str:
    """The PDN text of a game, finished or not (a running game's result is ``*``)."""
    from dames import pdn  # on first use, as the engine's package loads it (dames/__init__)

    record = access.open_game(game_id, authorization)
    white, black = _players(record)
    tags = {
        "Event": _event(record),
        "Site": SITE,
        "Date": record.created_at[:10].replace("-", "."),
        "Round": "-",
        "White": white,
        "Black": black,
        "Mode": record.mode.value,
    }
    if state.plays_computer(record):
        tags["Level"] = record.level
        tags["AiVersion"] = record.ai_version or ""
        if seed_is_public(record):
            tags["Seed"] = record.seed
    won_by = state.winner(record)
    export: Callable[..., str] = pdn.export_game
    analysis = _published_analysis(record)
    if analysis is not None:
        from dames.pdn_comments import export_analysed_game

        # Each move carries its evaluation as lidraughts writes it ({[%eval 0.35]}).
        export = partial(export_analysed_game, analysis=analysis)
    return export(
        variant=record.variant,
        start_fen=record.start_fen,
        moves=list(record.moves),
        winner=None if won_by is None else won_by.color,
        finished=record.status is not GameStatus.PLAYING,
        tags=tags,
    )
