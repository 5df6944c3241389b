"""The arrangement search, shared by the games that arrange a table (Manipulation Rummy).

``solver`` is its face: can cards form melds, what is the best play, could a turn's cards be
arranged. Behind it: ``problem`` (the placement problem), ``dp`` (the exact search over the
ranks), ``suit`` and ``prune`` (what one suit can do, which states are beaten), ``layout``
(the melds of an answer). ``progress`` tells a terminal that a long search is still going.
Nothing here imports click or YAML, or prints.
"""
