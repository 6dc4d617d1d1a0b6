"""The HTTP edge: the FastAPI setup every app shares (``app_factory``), the JSON error
handlers (``error_handlers``) and the per-client thinking middleware (``thinking_limit``).

It sits above every other package and nothing below imports it, so the domain (games,
players, boards, fair play, limits) knows no web framework: it raises
``dames_backend.errors.ApiError`` values, which only this package turns into responses
(tests/lint/test_backend_layers.py holds both rules).
"""
