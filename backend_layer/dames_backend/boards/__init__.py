"""The daily and free-play leaderboards.

Modules: ``claims`` (a claim and every change of an entry, with the histogram, in one
transaction), ``entries`` (a player's claims on a board and which one is public: pure),
``ranking`` (reading: the top of a board, a player's rank), ``keys`` (the claim and line
items), ``views`` (the API's shapes).

Imports only the core modules and ``players``; ``fairplay`` applies its verdicts through
``claims.update_entry``.
"""
