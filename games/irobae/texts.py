"""Japanese and English texts of 色映に生へど: name, rules, colours, options, steps, reasons.

The texts are data, in `texts.toml` beside this module, in the one shape of `games.text`: every
top-level name there is a name of this module (`texts.EVENTS["play"]`, `texts.PROMPT_LEAD`).
This module keeps only what is code: the colour records and the name functions.
"""

from __future__ import annotations

from typing import NamedTuple

from games.core import Lang
from games.irobae.rules import colour_of, number_of
from games.text import Text, load_catalog

_CATALOG = load_catalog(__file__)
globals().update(_CATALOG)

# The texts this module's own code reads, with their types.
COLOUR_NAMES: dict[str, dict[str, Text]] = _CATALOG["COLOUR_NAMES"]
CARD_NAME: Text = _CATALOG["CARD_NAME"]


class Colour(NamedTuple):
    """One of the five colours: the motif printed on its cards, its short name (buttons), its
    full name (the table) and its name in pictures. Japanese names keep their Japanese form in
    English, with the reading and a translation."""

    motif: str
    short: Text
    name: Text
    picture: Text


#: The five colours, indexed by colour number 0–4: `COLOUR_NAMES` is keyed by motif, in that
#: order.
COLOURS: tuple[Colour, ...] = tuple(Colour(motif, **names) for motif, names in COLOUR_NAMES.items())


def colour_name(colour: int, lang: Lang) -> str:
    """Full colour name: `花（赤）` / `花 hana (flower, red)`."""
    return COLOURS[colour].name(lang)


def colour_short(colour: int, lang: Lang) -> str:
    """Short colour name for buttons: `花` / `flower`."""
    return COLOURS[colour].short(lang)


def card_name(card: int, lang: Lang) -> str:
    """A card by id: `花7` / `flower 7`."""
    return CARD_NAME(lang, colour=colour_short(colour_of(card), lang), number=number_of(card))
