"""Server code shared by the Lambda functions and the local run (the backend layer).

The core, here: ``config`` (settings from the environment), ``db`` (the DynamoDB table),
``tables`` (the table definition), ``clock`` (the server's time, a game's clock), ``errors``
(the ``ApiError`` values every layer raises), ``security`` (tokens), ``observability`` (logs,
metrics, traces). The packages, each importing only those before it in this list: ``limits``
(per-client bounds), ``players``, ``daily``, ``games``, ``boards`` (leaderboards),
``fairplay`` (analysis, verdicts, moderation), ``puzzles`` (« le coup du jour », attempts
and puzzle ratings), ``privacy`` (a player's erasure and the daily privacy job), and ``web``
(the HTTP edge: one FastAPI setup
for every app, the JSON error handlers), the only package that knows the web framework; a
test (tests/lint/test_backend_layers.py) holds them to that order.
"""
