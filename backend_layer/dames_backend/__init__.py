"""Server code shared by the Lambda functions and the local run (the backend layer).

The core, here: ``config`` (settings from the environment), ``db`` (the DynamoDB table),
``tables`` (the table definition), ``clock`` (the server's time, a game's clock), ``errors``
(JSON error bodies), ``security`` (tokens), ``observability`` (logs, metrics, traces),
``app_factory`` (one FastAPI setup for every app). The packages, each importing only those
before it in this list: ``limits`` (per-client bounds), ``players``, ``daily``, ``games``,
``boards`` (leaderboards), ``fairplay`` (analysis, verdicts, moderation), ``puzzles``
(« le coup du jour », attempts and puzzle ratings); a test
(tests/lint/test_backend_layers.py) holds them to that order.
"""
