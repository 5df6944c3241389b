"""rummy: referee and scorekeeper for Manipulation Rummy (Carousel), played with real cards."""

__version__ = "0.1.0"


def main() -> None:
    """The console entry point: a Ctrl-C while rummy starts up is one line, not a traceback.

    Nothing is imported at the top of this module, so the moment before this function runs
    is as short as it can be.
    """
    try:
        from .cli import main as run
    except KeyboardInterrupt:
        import sys

        sys.stderr.write("\nError: stopped\n")
        raise SystemExit(2) from None
    run()
