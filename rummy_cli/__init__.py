"""rummy: referee and scorekeeper for Manipulation Rummy (Carousel), the Gin family and
Rummikub, played with real cards and tiles."""

__version__ = "0.4.0"


def main() -> None:
    """The console entry point: a stop while rummy starts up is one line, not a traceback.

    Nothing is imported at the top of this module, so the moment before this function runs
    is as short as it can be. Its first act holds back Ctrl-C, SIGTERM and SIGHUP until the
    command's guard is in place (:mod:`rummy_cli.stopping`); a stop in that time is acted on
    there. Python may wrap an interrupt in another error while it loads a module (a
    ``RuntimeError`` from ``__set_name__``), so the whole chain is looked at.
    """
    try:
        from . import stopping

        held = stopping.hold()  # a Ctrl-C noted just before is raised here: still one line
        from .cli import main as run
    except BaseException as exc:  # noqa: BLE001  only an interrupt is turned into a line
        if not _interrupted(exc):
            raise
        import sys

        sys.stderr.write("\nError: stopped\n")
        raise SystemExit(2) from None
    run(held)


def _interrupted(exc: BaseException | None) -> bool:
    """Whether a Ctrl-C is the exception, or what caused it."""
    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, KeyboardInterrupt):
            return True
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return False
