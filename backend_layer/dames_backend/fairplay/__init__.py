"""Fair play: every ranked win is analysed before it is public, and the analysis of any
finished game for its player (one pipeline for both uses).

Modules: ``keys`` (the items, defined once), ``jobs`` (the analysis job: request, run, read),
``dispatch`` (how a job reaches a runner: SQS on AWS, a background worker locally),
``signals`` (what the verdict reads, computed from the game and its analysis), ``verdict``
(published or held, with reasons in plain words), ``entries`` (a player's claims on a board
and which one is public), ``review`` (applying a verdict, moderation), ``cli`` (``python -m
dames_backend moderation …``).
"""
