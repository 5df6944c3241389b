"""``python -m rummy_cli`` runs the ``rummy`` command."""

from . import main

if __name__ == "__main__":
    main()
