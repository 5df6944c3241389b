"""Rummikub (K1-K24): tiles on the table, the opening of 30, free jokers."""
