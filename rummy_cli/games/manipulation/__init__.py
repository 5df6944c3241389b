"""Manipulation Rummy (Carousel), R1-R27: its figures (``rules``), the turn referee
(``turn``), round and game scoring (``scoring``) and a game of rounds (``game``)."""
