"""``python -m rummy_cli`` runs the ``rummy`` command."""

from .cli import main

if __name__ == "__main__":
    main()
