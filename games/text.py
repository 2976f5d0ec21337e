"""`Text`: one text in Japanese and English, and the catalogs that hold every text.

Every text a player sees is data, in a TOML file beside the module that reads it: the platform's
in `bot/i18n/messages.toml` (read by `bot/i18n/messages.py`), a game's (its name, rules, cards,
steps, log lines and table labels) in `games/<id>/texts.toml` (read by `games/<id>/texts.py`).
Every entry has one shape, its two languages, written on one line where it fits:

    LOBBY_TITLE = { ja = "{game} — 参加者募集", en = "{game} — lobby" }
    STEPS.draw = { ja = "コマを引く", en = "Draw" }

or one line a language (`KEY.ja = "…"`, `KEY.en = "…"`), a long text as a TOML multi-line
string. Entries under one name with a key of their own (`STEPS.draw`, `STEPS.keep`) make a
mapping keyed by an engine value; an array of entries (`[[OPTION_TEXT.variant_a]]`, twice: the
label, then the description) a tuple. `load_catalog` reads the file at import and fails there,
naming the file and the entry, when an entry lacks a language, has a key other than `ja` and
`en`, or its two languages name different `{placeholders}`. The module makes every top-level
name of its file one of its own (`messages.LOBBY_TITLE`, `texts.STEPS[view.step]`) and keeps only
what is code: functions such as `card_name`, records that hold data besides texts, mappings keyed
by values TOML cannot spell (numbers). `tests/test_texts.py` checks that every text is used and
that every use names one that exists.

A count whose word changes with it is a placeholder with its two forms, one and other, `#`
standing for the number: `{n:# pt|# pts}` gives "1 pt", "-1 pt", "0 pts", "12 pts" (Japanese
needs none: `{n}点`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from string import Formatter
from typing import Any, TypeAlias

from games.core import Lang

__all__ = ["LANGUAGES", "Catalog", "CatalogError", "Entry", "Text", "load_catalog", "placeholders"]

#: The two languages of every entry, in the order a catalog writes them.
LANGUAGES: tuple[Lang, ...] = ("ja", "en")


def placeholders(text: str) -> frozenset[str]:
    """The names of the `{placeholders}` of a format string."""
    return frozenset(name for _, name, _, _ in Formatter().parse(text) if name)


@dataclass(frozen=True, slots=True)
class Text:
    """A text in both languages. Call it with a language (and the values of its
    placeholders, if any) to get the string to show."""

    ja: str
    en: str

    def __post_init__(self) -> None:
        if placeholders(self.ja) != placeholders(self.en):
            raise ValueError(f"the two languages of {self.en!r} take different placeholders")

    def __call__(self, lang: Lang, **values: object) -> str:
        text = self.ja if lang == "ja" else self.en
        if not values:
            return text
        if "|" in text:
            return _COUNTED.vformat(text, (), values)
        return text.format(**values)


class _CountedFormatter(Formatter):
    """`str.format`, plus the catalog's counted placeholders: a format spec `one|other` picks
    the form for the value's count, with `#` replaced by the value as written."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" not in format_spec:
            return super().format_field(value, format_spec)
        one, other = format_spec.split("|", 1)
        return (one if _is_one(value) else other).replace("#", str(value))


def _is_one(value: object) -> bool:
    """Whether a count takes the singular: 1 or -1, also written as text with a sign (`+1`)."""
    if isinstance(value, str):
        return value.lstrip("+-−") == "1"
    return isinstance(value, int | float) and abs(value) == 1


_COUNTED = _CountedFormatter()


#: A catalog value: a text, a mapping of values keyed by an engine value, or a tuple of values.
Entry: TypeAlias = "Text | dict[str, Entry] | tuple[Entry, ...]"
#: A catalog: its top-level names and their values.
Catalog: TypeAlias = dict[str, Entry]


class CatalogError(ValueError):
    """A catalog file whose entries are not all in the one shape."""


def load_catalog(module_file: str | Path) -> Catalog:
    """The catalog in the TOML file beside `module_file` (`texts.py` → `texts.toml`), every entry
    a `Text`. Raises `CatalogError` naming the file and the entry that is not in the one shape."""
    path = Path(module_file).with_suffix(".toml")
    try:
        with path.open("rb") as file:
            data = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CatalogError(f"{path}: {error}") from error
    return {name: _entry(value, name, path) for name, value in data.items()}


def _entry(value: Any, where: str, path: Path) -> Entry:
    """One value of a catalog file: an entry (only strings, exactly `ja` and `en`), a table of
    values, or an array of values."""
    if isinstance(value, list):
        return tuple(_entry(item, f"{where}[{index}]", path) for index, item in enumerate(value))
    if not isinstance(value, Mapping):
        raise CatalogError(f"{path}: {where} is {value!r}, not a text or a table of texts")
    strings = {key for key, item in value.items() if isinstance(item, str)}
    if not strings:
        return {key: _entry(item, f"{where}.{key}", path) for key, item in value.items()}
    if missing := [lang for lang in LANGUAGES if lang not in value]:
        raise CatalogError(f"{path}: {where} lacks {' and '.join(missing)}")
    if stray := sorted(set(value) - set(LANGUAGES)):
        raise CatalogError(f"{path}: {where} has keys other than ja and en: {stray}")
    if strings != set(LANGUAGES):
        raise CatalogError(f"{path}: {where}: ja and en must both be strings")
    try:
        return Text(ja=value["ja"], en=value["en"])
    except ValueError as error:
        raise CatalogError(f"{path}: {where}: {error}") from error
