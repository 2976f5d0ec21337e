"""`Text`: one text in Japanese and English, the one shape of every catalog.

Every text a player sees is declared once as `Text(ja=..., en=...)`: the platform's in
`bot/i18n/messages.py`, a game's (its name, rules, cards, steps, log lines and table labels) in
`games/<id>/texts.py`. Both languages are required arguments, so a text missing in one language
fails at import, and so does a text whose two languages name different `{placeholders}`.
Catalogs are modules of constants (`messages.LOBBY_TITLE`), or mappings keyed by an engine value
(`texts.STEPS[view.step]`), never keys built from strings; `tests/test_texts.py` checks that
every constant is used and that every use names one that exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Formatter

from games.core import Lang

__all__ = ["Text", "placeholders"]


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
        return text.format(**values) if values else text
