"""Japanese and English texts: title, rules summary, suit names, steps, options, reasons, log.

The texts are data, in `texts.toml` beside this module, in the one shape of `games.text`: every
top-level name there is a name of this module (`texts.LOG["play"]`, `texts.PROMPT_LEAD`). This
module keeps only what is code: the suit records and the name functions.
"""

from __future__ import annotations

from typing import NamedTuple

from games.core import Lang
from games.text import Text, load_catalog

_CATALOG = load_catalog(__file__)
globals().update(_CATALOG)

# The texts this module's own code reads, with their types.
SUIT_NAMES: dict[str, Text] = _CATALOG["SUIT_NAMES"]
CARD_NAME: Text = _CATALOG["CARD_NAME"]


#: **Decision** (the seed does not name its six suits): six colours, each with an emoji.
#: Index = suit number 0–5 used everywhere (actions, views, scoring API).
class Suit(NamedTuple):
    """A suit: its id in score breakdowns, its emoji (also the language-free short form) and
    its name."""

    key: str
    emoji: str
    name: Text


#: Each suit's emoji by its id, in suit-number order (their names are `SUIT_NAMES`).
_EMOJIS: dict[str, str] = {
    "red": "🔴",
    "yellow": "🟡",
    "green": "🟢",
    "blue": "🔵",
    "purple": "🟣",
    "black": "⚫",
}
SUITS: tuple[Suit, ...] = tuple(Suit(key, emoji, SUIT_NAMES[key]) for key, emoji in _EMOJIS.items())
SUIT_KEYS: tuple[str, ...] = tuple(s.key for s in SUITS)


def suit_name(suit: int, lang: Lang) -> str:
    """`🔴赤` / `🔴Red`."""
    entry = SUITS[suit]
    return f"{entry.emoji}{entry.name(lang)}"


def card_name(card: tuple[int, int], lang: Lang) -> str:
    """`🔴赤7` / `🔴Red 7`."""
    suit, number = card
    entry = SUITS[suit]
    return CARD_NAME(lang, emoji=entry.emoji, suit=entry.name(lang), number=number)


def card_short(card: tuple[int, int]) -> str:
    """`🔴7`: compact, language-free (button labels)."""
    return f"{SUITS[card[0]].emoji}{card[1]}"
