"""Discord messages as HTML for the sandbox page: markdown, embeds, buttons and selects.

Pure functions of a message object (the JSON the fake Discord holds) and a `View` (who is
looking, who is who). The page inserts the HTML as is and wires the controls by their
``data-*`` attributes; relative timestamps are refreshed by the page.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "BUTTON_STYLES",
    "View",
    "attachments_html",
    "components_html",
    "embed_html",
    "field_columns",
    "markdown",
    "media_url",
    "message_html",
    "preview_text",
    "relative_time",
    "thread_chip_html",
]

#: Discord button styles → CSS class.
BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}

#: Avatar colours (Discord's default avatar palette), picked by user id.
AVATAR_COLOURS = ("#5865f2", "#757e8a", "#3ba55c", "#faa61a", "#ed4245", "#eb459f")


@dataclass
class View:
    """Who is looking, and how to name the ids a message may mention."""

    viewer_id: int
    bot_id: int
    names: dict[int, str] = field(default_factory=dict)
    channels: dict[int, str] = field(default_factory=dict)
    roles: dict[int, str] = field(default_factory=dict)
    now: float = 0.0
    #: Where the page loads uploaded files from: the fake Discord's attachment URLs are served
    #: by the page's own server under this path (None: use them as they are).
    media_path: str | None = None


def media_url(url: str, view: View) -> str:
    """An attachment's URL as the page loads it: through the page's server, for this viewer
    (the page serves a file only to someone who can see its message)."""
    marker = "/attachments/"
    if view.media_path is None or marker not in url:
        return url
    return f"{view.media_path}{url.split(marker, 1)[1]}?user={view.viewer_id}"


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def avatar_colour(user_id: int) -> str:
    return AVATAR_COLOURS[user_id % len(AVATAR_COLOURS)]


# ---------------------------------------------------------------- timestamps

_UNITS = (
    ("year", 365 * 86400),
    ("month", 30 * 86400),
    ("day", 86400),
    ("hour", 3600),
    ("minute", 60),
    ("second", 1),
)


def relative_time(when: float, now: float) -> str:
    """Discord's ``<t:…:R>`` in English: "in 5 minutes", "2 hours ago", "now"."""
    delta = when - now
    seconds = abs(delta)
    if seconds < 1:
        return "now"
    for unit, size in _UNITS:
        if seconds >= size:
            count = int(seconds // size)
            text = f"{count} {unit}{'' if count == 1 else 's'}"
            return f"in {text}" if delta > 0 else f"{text} ago"
    return "now"


_TS_FORMATS = {
    "t": "%H:%M",
    "T": "%H:%M:%S",
    "d": "%d/%m/%Y",
    "D": "%d %B %Y",
    "f": "%d %B %Y %H:%M",
    "F": "%A, %d %B %Y %H:%M",
}


def _timestamp(unix: int, style: str, view: View) -> str:
    when = dt.datetime.fromtimestamp(unix, dt.UTC)
    text = (
        relative_time(unix, view.now)
        if style == "R"
        else when.strftime(_TS_FORMATS.get(style, _TS_FORMATS["f"]))
    )
    return (
        f'<time class="ts" data-t="{unix}" data-style="{_e(style)}" '
        f'datetime="{when.isoformat()}" title="{_e(when.strftime(_TS_FORMATS["F"]))}">'
        f"{_e(text)}</time>"
    )


# ---------------------------------------------------------------- markdown

_CODE_BLOCK = re.compile(r"```(?:([\w+#.-]*)\n)?(.*?)```", re.S)
_INLINE_CODE = re.compile(r"``(.+?)``|`([^`\n]+)`")
_ANGLE = re.compile(
    r"<(?:@!?(?P<user>\d+)|@&(?P<role>\d+)|#(?P<channel>\d+)"
    r"|t:(?P<ts>-?\d+)(?::(?P<style>[tTdDfFR]))?|(?P<anim>a?):(?P<emoji>\w+):(?P<eid>\d+))>"
)
_LINK = re.compile(r"\[([^\[\]\n]+)\]\(<?(https?://[^\s)<>]+)>?\)")
_BARE_URL = re.compile(r"(?<![\"'=])\bhttps?://[^\s<]+[^\s<.,;:!?)\]'\"]")
_INLINE = (
    (re.compile(r"\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*", re.S), "<strong><em>{}</em></strong>"),
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S), "<strong>{}</strong>"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__", re.S), "<u>{}</u>"),
    (re.compile(r"\*(?=[^\s*])(.+?)(?<=[^\s*])\*", re.S), "<em>{}</em>"),
    (re.compile(r"(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)", re.S), "<em>{}</em>"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~", re.S), "<s>{}</s>"),
    (re.compile(r"\|\|(.+?)\|\|", re.S), '<span class="spoiler">{}</span>'),
)
_TOKEN = re.compile(r"\x00(\d+)\x00")


class _Tokens:
    """Rendered fragments kept out of the way of the inline rules until the end."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def put(self, fragment: str) -> str:
        self.items.append(fragment)
        return f"\x00{len(self.items) - 1}\x00"

    def expand(self, text: str) -> str:
        while _TOKEN.search(text):
            text = _TOKEN.sub(lambda m: self.items[int(m.group(1))], text)
        return text


def _angle(match: re.Match[str], view: View) -> str:
    if match.group("user"):
        uid = int(match.group("user"))
        name = view.names.get(uid, "unknown-user")
        me = " me" if uid == view.viewer_id else ""
        return f'<span class="mention{me}" data-user="{uid}">@{_e(name)}</span>'
    if match.group("role"):
        name = view.roles.get(int(match.group("role")), "unknown-role")
        return f'<span class="mention">@{_e(name)}</span>'
    if match.group("channel"):
        cid = int(match.group("channel"))
        name = view.channels.get(cid, "unknown")
        return f'<span class="mention channel-mention" data-channel="{cid}">#{_e(name)}</span>'
    if match.group("ts"):
        return _timestamp(int(match.group("ts")), match.group("style") or "f", view)
    name = _e(match.group("emoji"))
    return f'<span class="emoji custom" title=":{name}:">:{name}:</span>'


def _inline(text: str, view: View, tokens: _Tokens, *, links: bool) -> str:
    """Inline markdown of one stretch of raw text (no block rules)."""
    text = _INLINE_CODE.sub(
        lambda m: tokens.put(f"<code>{_e(m.group(1) or m.group(2))}</code>"), text
    )
    text = _ANGLE.sub(lambda m: tokens.put(_angle(m, view)), text)
    if links:
        text = _LINK.sub(
            lambda m: tokens.put(
                f'<a href="{_e(m.group(2))}" target="_blank" rel="noreferrer">'
                f"{_inline(m.group(1), view, tokens, links=False)}</a>"
            ),
            text,
        )
        text = _BARE_URL.sub(
            lambda m: tokens.put(
                f'<a href="{_e(m.group(0))}" target="_blank" rel="noreferrer">{_e(m.group(0))}</a>'
            ),
            text,
        )
    text = html.escape(text, quote=False)
    for pattern, template in _INLINE:
        text = pattern.sub(lambda m, t=template: t.format(m.group(1)), text)
    return text


def markdown(text: str, view: View, *, links: bool = True) -> str:
    """Discord markdown → HTML: code blocks and inline code, bold, italics, underline,
    strikethrough, spoilers, headings, sub-text, quotes, lists, masked links (where Discord
    allows them: embeds and webhook messages), mentions, custom emoji and ``<t:…>``. Without
    ``links`` (titles, field names) nothing becomes a link."""
    text = text.replace("\x00", "")
    tokens = _Tokens()
    blocks: set[str] = set()

    def block(m: re.Match[str]) -> str:
        lang = f' data-lang="{_e(m.group(1))}"' if m.group(1) else ""
        token = tokens.put(f"<pre><code{lang}>{_e(m.group(2).strip(chr(10)))}</code></pre>")
        blocks.add(token)
        return token

    text = _CODE_BLOCK.sub(block, text)
    out: list[str] = []
    for line in text.split("\n"):
        heading = re.match(r"(#{1,3}) (.+)", line)
        if heading:
            level = len(heading.group(1))
            out.append(
                f"<h{level}>{_inline(heading.group(2), view, tokens, links=links)}</h{level}>"
            )
            continue
        if line.startswith("-# "):
            out.append(
                f'<small class="subtext">{_inline(line[3:], view, tokens, links=links)}</small>'
            )
            continue
        if line.startswith("> ") or line == ">":
            inner = _inline(line[2:], view, tokens, links=links)
            out.append(f"<blockquote>{inner}</blockquote>")
            continue
        bullet = re.match(r"(\s*)[-*] (.+)", line)
        if bullet:
            depth = min(len(bullet.group(1)) // 2, 3)
            inner = _inline(bullet.group(2), view, tokens, links=links)
            out.append(f'<div class="li" style="--depth:{depth}">{inner}</div>')
            continue
        out.append(_inline(line, view, tokens, links=links))
    joined = ""
    for i, part in enumerate(out):
        joined += part
        blockish = part in blocks or part.startswith(("<h", "<blockquote", '<div class="li"'))
        if i < len(out) - 1 and not blockish:
            joined += "<br>"
    return tokens.expand(joined)


# ---------------------------------------------------------------- embeds


def field_columns(fields: list[dict[str, Any]]) -> list[str]:
    """The CSS ``grid-column`` of each field, as Discord lays them out on a 12-column grid:
    a run of inline fields shares rows of up to 3; other fields take a whole row."""
    columns: list[str] = []
    i = 0
    while i < len(fields):
        if not fields[i].get("inline"):
            columns.append("1 / 13")
            i += 1
            continue
        run = 0
        while i + run < len(fields) and fields[i + run].get("inline") and run < 3:
            run += 1
        width = 12 // run
        columns += [f"{1 + k * width} / {1 + (k + 1) * width}" for k in range(run)]
        i += run
    return columns


def _colour(value: Any) -> str:
    if value is None:
        return "#1e1f22"
    return f"#{int(value) & 0xFFFFFF:06x}"


def _media_attrs(media: dict[str, Any], view: View) -> str:
    """``src`` and, when known, ``width``/``height`` (so the page keeps its place while the
    image loads, as Discord's client does)."""
    out = f' src="{_e(media_url(str(media["url"]), view))}"'
    if media.get("width") and media.get("height"):
        out += f' width="{int(media["width"])}" height="{int(media["height"])}"'
    return out


def attachments_html(data: dict[str, Any], view: View) -> str:
    """A message's files that no embed shows: images inline, other files as a link, as
    Discord's client shows them."""
    shown_by_embeds = {
        (embed.get(key) or {}).get("url")
        for embed in data.get("embeds") or []
        for key in ("image", "thumbnail")
    }
    parts = []
    for attachment in data.get("attachments") or []:
        if attachment.get("url") in shown_by_embeds:
            continue
        name = _e(attachment.get("filename", ""))
        if str(attachment.get("content_type", "")).startswith("image/"):
            parts.append(
                f'<img class="attachment-image"{_media_attrs(attachment, view)} alt="{name}">'
            )
        else:
            href = _e(media_url(str(attachment.get("url", "")), view))
            parts.append(f'<a class="attachment-file" href="{href}" download>📎 {name}</a>')
    return f'<div class="attachments">{"".join(parts)}</div>' if parts else ""


def embed_html(embed: dict[str, Any], view: View) -> str:
    """One embed: colour bar, author, title (linked when it has a url), description, fields
    (inline ones side by side), image, thumbnail, footer and timestamp."""
    parts: list[str] = []
    author = embed.get("author") or {}
    if author.get("name"):
        icon = (
            f'<img class="embed-author-icon" src="{_e(author["icon_url"])}" alt="">'
            if author.get("icon_url")
            else ""
        )
        parts.append(f'<div class="embed-author">{icon}{_e(author["name"])}</div>')
    if embed.get("title"):
        title = markdown(embed["title"], view, links=False)
        if embed.get("url"):
            title = f'<a href="{_e(embed["url"])}" target="_blank" rel="noreferrer">{title}</a>'
        parts.append(f'<div class="embed-title">{title}</div>')
    if embed.get("description"):
        parts.append(f'<div class="embed-description">{markdown(embed["description"], view)}</div>')
    fields = embed.get("fields") or []
    if fields:
        cells = []
        for f, column in zip(fields, field_columns(fields), strict=True):
            inline = " inline" if f.get("inline") else ""
            cells.append(
                f'<div class="embed-field{inline}" style="grid-column: {column}">'
                f'<div class="embed-field-name">{markdown(f.get("name", ""), view, links=False)}'
                f'</div><div class="embed-field-value">{markdown(f.get("value", ""), view)}</div>'
                "</div>"
            )
        parts.append(f'<div class="embed-fields">{"".join(cells)}</div>')
    image = embed.get("image") or {}
    if image.get("url"):
        parts.append(f'<img class="embed-image"{_media_attrs(image, view)} alt="">')
    footer = embed.get("footer") or {}
    stamp = embed.get("timestamp")
    if footer.get("text") or stamp:
        bits = [_e(footer["text"])] if footer.get("text") else []
        if stamp:
            when = dt.datetime.fromisoformat(str(stamp).replace("Z", "+00:00"))
            bits.append(_timestamp(int(when.timestamp()), "f", view))
        parts.append(f'<div class="embed-footer">{" • ".join(bits)}</div>')
    thumbnail = embed.get("thumbnail") or {}
    thumb = (
        f'<img class="embed-thumbnail"{_media_attrs(thumbnail, view)} alt="">'
        if thumbnail.get("url")
        else ""
    )
    return (
        f'<div class="embed" style="border-left-color: {_colour(embed.get("color"))}">'
        f'<div class="embed-body">{"".join(parts)}</div>{thumb}</div>'
    )


# ---------------------------------------------------------------- components


def _emoji(emoji: dict[str, Any] | None) -> str:
    if not emoji:
        return ""
    if emoji.get("id"):
        return f'<span class="emoji custom">:{_e(emoji.get("name") or "emoji")}:</span>'
    return f'<span class="emoji">{_e(emoji.get("name", ""))}</span>'


def _button(button: dict[str, Any]) -> str:
    style = BUTTON_STYLES.get(int(button.get("style", 2)), "secondary")
    disabled = " disabled" if button.get("disabled") else ""
    inner = _emoji(button.get("emoji"))
    if button.get("label"):
        inner += f'<span class="label">{_e(button["label"])}</span>'
    if style == "link":
        return (
            f'<a class="btn btn-link{disabled}" href="{_e(button.get("url", "#"))}" '
            f'target="_blank" rel="noreferrer">{inner}<span class="external">↗</span></a>'
        )
    custom_id = _e(button.get("custom_id", ""))
    return (
        f'<button class="btn btn-{style}" type="button" data-custom-id="{custom_id}"'
        f"{disabled}>{inner}</button>"
    )


def _select(select: dict[str, Any], view: View) -> str:
    ctype = int(select.get("type", 3))
    if ctype == 3:
        options = select.get("options") or []
    elif ctype == 5:
        options = [
            {"label": name, "value": str(uid)}
            for uid, name in view.names.items()
            if uid != view.bot_id
        ]
    else:
        options = []
    low, high = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    chosen = [o for o in options if o.get("default")]
    placeholder = select.get("placeholder") or "Make a selection"
    shown = (
        ", ".join(_e(o.get("label", "")) for o in chosen)
        if chosen
        else f'<span class="placeholder">{_e(placeholder)}</span>'
    )
    items = []
    for option in options:
        default = " selected" if option.get("default") else ""
        description = (
            f'<div class="opt-desc">{_e(option["description"])}</div>'
            if option.get("description")
            else ""
        )
        items.append(
            f'<div class="option{default}" role="option" '
            f'data-value="{_e(option.get("value", ""))}">'
            f"{_emoji(option.get('emoji'))}"
            f'<div class="opt-text"><div class="opt-label">{_e(option.get("label", ""))}</div>'
            f'{description}</div><span class="check"></span></div>'
        )
    disabled = " disabled" if select.get("disabled") or ctype not in (3, 5) else ""
    multi = " multi" if high > 1 else ""
    return (
        f'<div class="select{disabled}{multi}" data-custom-id="{_e(select.get("custom_id", ""))}"'
        f' data-type="{ctype}" data-min="{low}" data-max="{high}">'
        f'<div class="select-box" tabindex="0"><span class="select-value">{shown}</span>'
        f'<span class="chevron">⌄</span></div>'
        f'<div class="select-menu" role="listbox">{"".join(items)}</div></div>'
    )


def components_html(components: list[dict[str, Any]], view: View) -> str:
    """Action rows of buttons and selects (and the layout components of components v2)."""
    out: list[str] = []
    for component in components or []:
        ctype = component.get("type")
        if ctype == 1:
            inner = "".join(
                _button(c) if c.get("type") == 2 else _select(c, view)
                for c in component.get("components") or []
            )
            out.append(f'<div class="action-row">{inner}</div>')
        elif ctype == 2:
            out.append(f'<div class="action-row">{_button(component)}</div>')
        elif ctype in (3, 5, 6, 7, 8):
            out.append(f'<div class="action-row">{_select(component, view)}</div>')
        elif ctype == 10:
            out.append(
                f'<div class="text-display">{markdown(component.get("content", ""), view)}</div>'
            )
        elif ctype == 14:
            out.append('<hr class="separator">')
        elif ctype == 9:
            accessory = component.get("accessory") or {}
            side = _button(accessory) if accessory.get("type") == 2 else ""
            inner = components_html(component.get("components") or [], view)
            out.append(f'<div class="section"><div>{inner}</div>{side}</div>')
        elif ctype == 17:
            colour = component.get("accent_color")
            style = f' style="border-left-color: {_colour(colour)}"' if colour is not None else ""
            inner = components_html(component.get("components") or [], view)
            out.append(f'<div class="container"{style}>{inner}</div>')
    return "".join(out)


# ---------------------------------------------------------------- messages


def _stamp(iso: str | None) -> str:
    if not iso:
        return ""
    when = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    unix = int(when.timestamp())
    return (
        f'<time class="ts stamp" data-t="{unix}" data-style="clock" datetime="{_e(iso)}">'
        f"{when.strftime('%H:%M')}</time>"
    )


def _author_name(data: dict[str, Any]) -> str:
    author = data.get("author") or {}
    return str(author.get("global_name") or author.get("username") or "?")


#: Longest preview of a thread's newest message on its chip.
PREVIEW_CHARS = 80
_PREVIEW_MENTION = re.compile(r"<(?:@!?(?P<user>\d+)|@&(?P<role>\d+)|#(?P<channel>\d+))>")
_PREVIEW_DROP = re.compile(
    r"<t:\d+(?::[tTdDfFR])?>|<a?(:\w+:)\d+>|\*\*|__|~~|\|\||`|(?<!\w)[*_]|[*_](?!\w)|^#+ |^-# ",
    re.M,
)


def preview_text(data: dict[str, Any], view: View) -> str:
    """A message as one line of plain text, as Discord previews it: mentions named, markdown
    marks dropped, its first embed's title when it has no text, cut at :data:`PREVIEW_CHARS`."""
    text = str(data.get("content") or "")
    if not text.strip():
        embed = next(iter(data.get("embeds") or []), {})
        text = str(embed.get("title") or embed.get("description") or "")

    def named(match: re.Match[str]) -> str:
        if match.group("user"):
            return "@" + view.names.get(int(match.group("user")), "unknown-user")
        if match.group("role"):
            return "@" + view.roles.get(int(match.group("role")), "unknown-role")
        return "#" + view.channels.get(int(match.group("channel")), "unknown")

    text = _PREVIEW_MENTION.sub(named, _PREVIEW_DROP.sub(lambda m: m.group(1) or "", text))
    text = " ".join(text.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1].rstrip() + "…"


def thread_chip_html(thread: dict[str, Any], view: View) -> str:
    """The chip under a message that started a thread, as Discord draws it: the thread's
    name, its message count, and its newest message (author, one line, how long ago).

    ``thread`` holds ``id``, ``name``, ``count`` — Discord's count: the messages everyone
    sees there, so neither ephemeral answers nor deleted messages — and ``last``, the
    newest of those messages (``None`` in an empty thread).
    """
    count = int(thread.get("count", 0))
    top = (
        f'<span class="thread-top"><span class="thread-icon">🧵</span>'
        f'<span class="thread-name">{_e(thread["name"])}</span>'
        f'<span class="thread-count" title="messages everyone sees in the thread (Discord '
        f'counts neither ephemeral answers nor deleted messages)">{count} '
        f"message{'' if count == 1 else 's'} ›</span></span>"
    )
    last = thread.get("last")
    newest = ""
    if last:
        author = last.get("author") or {}
        when = ""
        if last.get("timestamp"):
            unix = int(
                dt.datetime.fromisoformat(last["timestamp"].replace("Z", "+00:00")).timestamp()
            )
            when = _timestamp(unix, "R", view)
        newest = (
            f'<span class="thread-last"><span class="avatar tiny" style="background: '
            f'{avatar_colour(int(author.get("id", 0)))}"></span>'
            f'<span class="thread-last-author">{_e(_author_name(last))}</span>'
            f'<span class="thread-last-text">{_e(preview_text(last, view))}</span>'
            f'<span class="thread-last-time">{when}</span></span>'
        )
    return f'<a class="thread-chip" href="#" data-channel="{int(thread["id"])}">{top}{newest}</a>'


def message_html(
    data: dict[str, Any],
    view: View,
    *,
    ephemeral: bool = False,
    grouped: bool = False,
    thread: dict[str, Any] | None = None,
) -> str:
    """One message as the channel shows it. ``grouped`` continues the previous message's
    author block; ``thread`` is the thread started from it (see :func:`thread_chip_html`)."""
    author = data.get("author") or {}
    author_id = int(author.get("id", 0))
    is_bot = bool(author.get("bot"))
    flags = int(data.get("flags") or 0)
    loading = bool(flags & (1 << 7))
    metadata = data.get("interaction_metadata") or {}
    classes = ["msg"]
    mentions_me = any(int(u.get("id", 0)) == view.viewer_id for u in data.get("mentions") or [])
    if mentions_me or f"<@{view.viewer_id}>" in (data.get("content") or ""):
        classes.append("mentions-me")
    if ephemeral:
        classes.append("ephemeral")
    head = ""
    if metadata.get("name") and metadata.get("type") == 2:
        user = metadata.get("user") or {}
        name = user.get("global_name") or user.get("username") or "?"
        head = (
            f'<div class="reply-bar"><span class="avatar tiny" style="background: '
            f'{avatar_colour(int(user.get("id", 0)))}"></span><span class="reply-user">'
            f'{_e(name)}</span> used <span class="command-name">/{_e(metadata["name"])}</span>'
            "</div>"
        )
        grouped = False
    if grouped:
        classes.append("grouped")
    body: list[str] = []
    if not grouped:
        tag = '<span class="bot-tag">APP</span>' if is_bot else ""
        body.append(
            f'<div class="msg-head"><span class="author">{_e(_author_name(data))}</span>{tag}'
            f"{_stamp(data.get('timestamp'))}</div>"
        )
    if loading:
        body.append(
            f'<div class="content thinking">{_e(_author_name(data))} is thinking'
            '<span class="dots"></span></div>'
        )
    elif data.get("content"):
        edited = '<span class="edited">(edited)</span>' if data.get("edited_timestamp") else ""
        body.append(f'<div class="content">{markdown(data["content"], view)}{edited}</div>')
    if not loading:
        body.append(attachments_html(data, view))
    embeds = data.get("embeds") or []
    if embeds and not loading:
        body.append("".join(embed_html(e, view) for e in embeds))
    if data.get("components") and not loading:
        body.append(f'<div class="components">{components_html(data["components"], view)}</div>')
    if thread is not None:
        body.append(thread_chip_html(thread, view))
    if ephemeral:
        body.append(
            '<div class="ephemeral-note"><span class="eye">👁</span> Only you can see this · '
            '<a href="#" class="dismiss">Dismiss message</a></div>'
        )
    avatar = (
        ""
        if grouped
        else (
            f'<div class="avatar" style="background: {avatar_colour(author_id)}">'
            f"{_e(_author_name(data)[:1].upper())}</div>"
        )
    )
    return (
        f'<div class="{" ".join(classes)}" data-id="{_e(data.get("id", ""))}">{head}'
        f'<div class="msg-main">{avatar}<div class="msg-body">{"".join(body)}</div></div></div>'
    )
