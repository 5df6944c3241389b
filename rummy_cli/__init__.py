"""rummy: referee and scorekeeper for Manipulation Rummy (Carousel), played with real cards."""

__version__ = "0.1.0"
