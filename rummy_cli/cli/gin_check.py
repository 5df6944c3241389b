"""``check meld|table --game gin``: melds judged by the Gin rules. ``cli/referee.py`` hands a
check over here when ``--game`` names a Gin preset (imported only then)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from ..games import refereed_by

if TYPE_CHECKING:
    from ..cards import AnyCard
    from ..melds import MeldVerdict


def judge_gin_melds(melds: Sequence[Sequence[AnyCard]], game: str,
                    decks: int | None) -> list[MeldVerdict]:
    """``check meld|table --game gin``: each meld judged by the Gin rules (G3)."""
    from ..games.gin.showdown import judge_meld, real_cards

    gin_games = refereed_by("gin")  # the Gin presets, from the registry
    if game.strip().lower() not in gin_games:
        from ..cards import quoted

        raise click.UsageError(f"--game is manipulation, {', '.join(gin_games[:-1])} or "
                               f"{gin_games[-1]}, not {quoted(game)}")
    if decks == 2:
        raise click.UsageError("the Gin games are played with one deck: --decks 2 does not "
                               "apply to them")
    real_cards([c for m in melds for c in m], "the table" if len(melds) > 1 else "the meld")
    return [judge_meld(real_cards(m, "the meld")) for m in melds]
