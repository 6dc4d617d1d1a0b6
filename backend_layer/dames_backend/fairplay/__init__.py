"""Fair play: every ranked win is analysed before it is public, and the analysis of any
finished game for its player (one pipeline for both uses).

Modules: ``keys`` (the analysis item, the held claims' index), ``jobs`` (the analysis job:
request, run, read), ``dispatch`` (how a job reaches a runner: SQS on AWS, a background
worker locally), ``signals`` (what the verdict reads, computed from the game and its
analysis), ``verdict`` (published or held, with reasons in plain words), ``review`` (applying
a verdict), ``moderation``, ``analysis_views`` (a game's analysis for its player), ``cli``
(``./dames moderation …``). A player's claims on a board are
``boards.entries``.
"""
