"""The ``rummy`` command's entry point: the console script (``rummy_cli.__main__:main``) and
``python -m rummy_cli``.

Nothing is imported at the top of this module, so the moment before :func:`main` runs is as
short as it can be; the command tree (``rummy_cli.cli``) is imported only once the stop
signals are held.
"""


def main() -> None:
    """The console entry point: a stop while rummy starts up is one line, not a traceback.

    Its first act holds back Ctrl-C, SIGTERM and SIGHUP until the command's guard is in
    place (:mod:`rummy_cli.stopping`); a stop in that time is acted on there. Python may
    wrap an interrupt in another error while it loads a module (a ``RuntimeError`` from
    ``__set_name__``), so the whole chain is looked at.
    """
    try:
        from . import stopping

        held = stopping.hold()  # a Ctrl-C noted just before is raised here: still one line
        from .cli import main as run
    except BaseException as exc:  # noqa: BLE001  only an interrupt is turned into a line
        from .stopping import interrupted

        if not interrupted(exc):
            raise
        import sys

        sys.stderr.write("\nError: stopped\n")
        raise SystemExit(2) from None
    run(held)


if __name__ == "__main__":
    main()
