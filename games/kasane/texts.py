"""Japanese and English texts of 襲ノ色目: names, yaku, rules summary, options, steps, reasons.

The texts are data, in `texts.toml` beside this module, in the one shape of `games.text`: every
top-level name there is a name of this module (`texts.YAKU_NAME["ju"]`). This module keeps only
what is code.
"""

from __future__ import annotations

from games.core import Lang
from games.text import Text, load_catalog

_CATALOG = load_catalog(__file__)
globals().update(_CATALOG)

#: Card names by card id: numbers 1–9 and the `+1` card (0), keyed by id (the file spells the
#: ids as strings).
CARD: dict[int, Text] = {int(card): name for card, name in _CATALOG["CARD"].items()}


def card_name(card: int, lang: Lang = "ja") -> str:
    return CARD[card](lang)
