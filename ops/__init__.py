"""What an operator runs against a table, the deployed one or a running ``make run``'s: the
project's one command line (``./dames …`` at the repository root, ``ops.cli``), which finds the
table (``ops.target``) and hands over to the engine's tools, the moderation and analysis
commands, and the one-off migrations of stored items (``backfill_pseudonyms``,
``backfill_retention``)."""
