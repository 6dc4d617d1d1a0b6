"""Server code shared by the Lambda functions and the local run (the backend layer).

Modules: ``config`` (settings from the environment), ``db`` (the DynamoDB table),
``tables`` (the table definition), ``errors`` (JSON error bodies), ``security`` (tokens),
``app_factory`` (one FastAPI setup for every app), then the games and community modules.
"""
