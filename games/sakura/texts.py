"""Japanese and English texts of the cherry-tree flower game.

The texts are data, in `texts.toml` beside this module, in the one shape of `games.text`: every
top-level name there is a name of this module (`texts.CARDS["kokonoe"]["name"]`,
`texts.STEPS["draw"]`). This module keeps only what is code.
"""

from __future__ import annotations

from games.core import Lang
from games.text import Text, load_catalog

_CATALOG = load_catalog(__file__)
globals().update(_CATALOG)

# The texts this module's own code reads, with their types.
COLOUR_NAMES: dict[str, Text] = _CATALOG["COLOUR_NAMES"]
CARDS: dict[str, dict[str, Text]] = _CATALOG["CARDS"]
SIDE_NAMES: dict[str, Text] = _CATALOG["SIDE_NAMES"]

#: Option values as the lobby shows them.
OPTION_VALUES: dict[str, dict[str, Text]] = {"mastery_side": SIDE_NAMES}


def colour_name(colour: str, lang: Lang) -> str:
    """A colour's display name."""
    return COLOUR_NAMES[colour](lang)


def card_name(card: str, lang: Lang) -> str:
    """A mastery card's display name."""
    return CARDS[card]["name"](lang)
