"""User-supplied names as the bot shows them: text, never markup.

A display name is chosen by its owner and may hold anything: markdown (`[Free Nitro](https://…)`
becomes a link, `**`, `||`, `#`, `-#` change the text around it), mention syntax, a bare URL,
or bidirectional controls (U+202E turns the rest of a line around). `shown_name` makes a name
inert wherever the bot prints one in a message or an embed; `brief_name` also cuts it to a
few columns, for the lines beside a table's picture (the picture, the lobby and the end show
the name whole).
"""

from __future__ import annotations

import functools
import re
import unicodedata

import discord

#: Longest name shown (Discord's own display names are at most 32 characters). With escaping
#: at most doubling it, six seats' names fit any embed field of the tables and breakdowns.
NAME_MAX = 32
ELLIPSIS = "…"
#: Widest a name shows in the text beside a table's picture, in columns of a Latin letter (a
#: kanji takes two): a name, its seat's mark and a score share a phone's line with others, and
#: a button naming a seat keeps to one line.
BRIEF_COLUMNS = 12

#: First Strong Isolate … Pop Directional Isolate: the name's direction cannot leak out.
ISOLATE_OPEN, ISOLATE_CLOSE = "\u2068", "\u2069"
#: Bidirectional classes that can reorder the text around a name: right-to-left letters and
#: Arabic digits, and the explicit controls (which are also dropped).
_NEEDS_ISOLATION = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)
#: Bidirectional embeddings, overrides, isolates and marks inside a name are dropped.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: `scheme://` made unrecognisable as a link (a word joiner, invisible, after the colon).
_URL = re.compile(r"(?i)([a-z][a-z0-9+.-]*:)(//)")


@functools.lru_cache(maxsize=4096)
def display_width(text: str) -> int:
    """How wide `text` shows, in columns of a Latin letter: East Asian wide and full-width
    characters (kanji, kana, most emoji) take two. Cached: a text-only table measures each
    line of its log again at every render, and most lines are those of the render before."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _cut_to_columns(text: str, columns: int) -> str:
    """`text` as it is if it shows within `columns`, else its start and `ELLIPSIS` within
    them (trailing spaces before the ellipsis dropped)."""
    if display_width(text) <= columns:
        return text
    kept, width = "", display_width(ELLIPSIS)
    for char in text:
        width += display_width(char)
        if width > columns:
            break
        kept += char
    return kept.rstrip() + ELLIPSIS


@functools.lru_cache(maxsize=4096)
def shown_name(name: str) -> str:
    """`name` cut to `NAME_MAX` characters, without control or bidi characters, with markdown,
    mentions and links escaped, and wrapped in Unicode isolates if it holds anything that
    could turn the text around it (right-to-left script or bidi controls; a left-to-right name
    cannot, and stays as it is). Cached: every table and hand shows its players' names, and
    the text a name becomes depends on the name alone."""
    return _shown(name, None)


@functools.lru_cache(maxsize=4096)
def brief_name(name: str) -> str:
    """`shown_name`, cut to `BRIEF_COLUMNS` columns (`display_width`) before it is escaped, so
    that escapes never count and never get cut in half."""
    return _shown(name, BRIEF_COLUMNS)


def _shown(name: str, columns: int | None) -> str:
    """`name` made inert (see `shown_name`), cut to `columns` columns if given."""
    isolate = any(unicodedata.bidirectional(c) in _NEEDS_ISOLATION for c in name)
    text = "".join(
        " " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in _BIDI.sub("", name)
    )
    text = " ".join(text.split()) or "?"
    if len(text) > NAME_MAX:
        text = text[: NAME_MAX - 1] + ELLIPSIS
    if columns is not None:
        text = _cut_to_columns(text, columns)
    text = discord.utils.escape_markdown(text, ignore_links=False)
    text = discord.utils.escape_mentions(text).replace("<", "\\<")
    text = _URL.sub("\\1\u2060\\2", text)
    return f"{ISOLATE_OPEN}{text}{ISOLATE_CLOSE}" if isolate else text
