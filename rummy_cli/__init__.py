"""rummy: referee and scorekeeper for Manipulation Rummy (Carousel), the Gin family and
Rummikub, played with real cards and tiles.

The package imports nothing of its own: every module may read ``__version__`` without a
cycle. The ``rummy`` command starts in ``__main__`` (:func:`rummy_cli.__main__.main`).
"""

__version__ = "0.5.0"
