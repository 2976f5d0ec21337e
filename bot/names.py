"""User-supplied names as the bot shows them: text, never markup.

A display name is chosen by its owner and may hold anything: markdown (`[Free Nitro](https://…)`
becomes a link, `**`, `||`, `#`, `-#` change the text around it), mention syntax, a bare URL,
or bidirectional controls (U+202E turns the rest of a line around). `shown_name` makes a name
inert wherever the bot prints one in a message or an embed.
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
def shown_name(name: str) -> str:
    """`name` cut to `NAME_MAX` characters, without control or bidi characters, with markdown,
    mentions and links escaped, and wrapped in Unicode isolates if it holds anything that
    could turn the text around it (right-to-left script or bidi controls; a left-to-right name
    cannot, and stays as it is). Cached: every table and hand shows its players' names, and
    the text a name becomes depends on the name alone."""
    isolate = any(unicodedata.bidirectional(c) in _NEEDS_ISOLATION for c in name)
    text = "".join(
        " " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in _BIDI.sub("", name)
    )
    text = " ".join(text.split()) or "?"
    if len(text) > NAME_MAX:
        text = text[: NAME_MAX - 1] + ELLIPSIS
    text = discord.utils.escape_markdown(text, ignore_links=False)
    text = discord.utils.escape_mentions(text).replace("<", "\\<")
    text = _URL.sub("\\1\u2060\\2", text)
    return f"{ISOLATE_OPEN}{text}{ISOLATE_CLOSE}" if isolate else text
