"""A player's erasure and the daily privacy job: above the boards and fair play, because
erasing a player removes their entries (with the boards' counts) and their claims (with the
other players' fair-play signals that name them). The rest of a player's rights (export,
rename, the pseudonym allowance) lives in ``players``. docs/privacy.md has the design."""
