"""Games, refereed by the server: the stored record and everything done with one.

Modules: ``store`` (the game item, optimistic writes), ``move_codec`` (its packed moves),
``state`` (a record replayed: turn, winner, ranked or not, the ``GameView``), ``access`` (the
token that opens a game, the write-and-retry), ``create``, ``play`` (read, move, pause,
resign), ``assist`` (hint, takeback, draw offer), ``claim`` (entering a win in its
leaderboard), ``views`` (the API's shapes), ``scoring``, ``retention`` (how long items are
kept), ``ranked_setup`` (which free games are ranked), ``pdn_export`` (a game as PDN), and the
tools that store nothing: ``pdn_import`` (reading a PDN file), ``position`` (the analysis
board), ``variants`` (the rule sets, for the pages).

Imports only the core modules above it, ``limits``, ``players`` and ``daily``; ``claim`` and
``pdn_export`` reach ``boards`` and ``fairplay`` (which read game records) at call time.
"""
