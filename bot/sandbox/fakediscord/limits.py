"""Discord's documented limits, checked explicitly (independently of the OpenAPI spec).

Every checker returns a list of :class:`Problem`; an empty list means the body is fine.
Paths use the same shape as Discord's error bodies (``components.0.components.1.custom_id``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = [
    "EPHEMERAL",
    "IS_COMPONENTS_V2",
    "Problem",
    "check_autocomplete",
    "check_commands",
    "check_message",
    "check_modal",
    "error_body",
]

EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

INVALID_FORM_BODY = 50035
EMPTY_MESSAGE = 50006

SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_SELECT_OPTIONS = 25
#: Files per message, and bytes per upload request (Discord's default for bots: 10 MiB).
MAX_FILES = 10
MAX_UPLOAD_BYTES = 10 * 1024 * 1024


@dataclass(frozen=True)
class Problem:
    """One broken limit: where, what, and the Discord error code it maps to."""

    path: tuple[str | int, ...]
    message: str
    code: int = INVALID_FORM_BODY

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "<body>"
        return f"{where}: {self.message}"


def _length(out: list[Problem], path: tuple, value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        if minimum:
            out.append(Problem(path, "This field is required"))
        return
    if not isinstance(value, str):
        out.append(Problem(path, "Must be a string"))
        return
    if not minimum <= len(value) <= maximum:
        out.append(Problem(path, f"Must be between {minimum} and {maximum} in length."))


def _objects(out: list[Problem], path: tuple, items: list) -> Iterator[tuple[tuple, dict]]:
    """Each entry of the array at ``path`` that is an object, with its path; an entry that is not
    is a problem."""
    for index, item in enumerate(items):
        if isinstance(item, dict):
            yield (*path, index), item
        else:
            out.append(Problem((*path, index), "Must be an object"))


# ---------------------------------------------------------------- messages


def _embed_text(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for field in embed.get("fields") or []:
        if isinstance(field, dict):
            total += len(field.get("name") or "") + len(field.get("value") or "")
    total += len(((embed.get("footer") or {}).get("text")) or "")
    total += len(((embed.get("author") or {}).get("name")) or "")
    return total


def _check_embeds(out: list[Problem], embeds: Any) -> None:
    if embeds is None:
        return
    if not isinstance(embeds, list):
        out.append(Problem(("embeds",), "Must be an array"))
        return
    if len(embeds) > MAX_EMBEDS:
        out.append(Problem(("embeds",), f"Must be {MAX_EMBEDS} or fewer in length."))
    total = 0
    for base, embed in _objects(out, ("embeds",), embeds):
        _length(out, (*base, "title"), embed.get("title"), 256)
        _length(out, (*base, "description"), embed.get("description"), 4096)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            out.append(Problem((*base, "fields"), "Must be 25 or fewer in length."))
        for fpath, field in _objects(out, (*base, "fields"), fields):
            _length(out, (*fpath, "name"), field.get("name"), 256, 1)
            _length(out, (*fpath, "value"), field.get("value"), 1024, 1)
        footer = embed.get("footer")
        if isinstance(footer, dict):
            _length(out, (*base, "footer", "text"), footer.get("text"), 2048, 1)
        author = embed.get("author")
        if isinstance(author, dict):
            _length(out, (*base, "author", "name"), author.get("name"), 256, 1)
        total += _embed_text(embed)
    if total > MAX_EMBED_TOTAL:
        out.append(Problem(("embeds",), f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}"))


def _check_button(out: list[Problem], path: tuple, button: dict[str, Any]) -> None:
    style = button.get("style")
    _length(out, (*path, "label"), button.get("label"), 80)
    if style == 5:
        if not button.get("url"):
            out.append(Problem((*path, "url"), "A link button requires a url"))
        if button.get("custom_id") is not None:
            out.append(Problem((*path, "custom_id"), "A link button cannot have a custom_id"))
    elif style == 6:
        if button.get("sku_id") is None:
            out.append(Problem((*path, "sku_id"), "A premium button requires a sku_id"))
    else:
        if button.get("url") is not None:
            out.append(Problem((*path, "url"), "Only link buttons may have a url"))
        _length(out, (*path, "custom_id"), button.get("custom_id"), 100, 1)
        if style not in (1, 2, 3, 4):
            out.append(Problem((*path, "style"), f"Value {style!r} is not a valid style"))
    if style != 6 and not button.get("label") and not button.get("emoji"):
        out.append(Problem(path, "A button requires a label or an emoji"))


def _check_select(out: list[Problem], path: tuple, select: dict[str, Any]) -> None:
    _length(out, (*path, "custom_id"), select.get("custom_id"), 100, 1)
    _length(out, (*path, "placeholder"), select.get("placeholder"), 150)
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if min_values is not None and not 0 <= min_values <= 25:
        out.append(Problem((*path, "min_values"), "Must be between 0 and 25."))
    if max_values is not None and not 1 <= max_values <= 25:
        out.append(Problem((*path, "max_values"), "Must be between 1 and 25."))
    if select.get("type") != 3:
        return
    options = select.get("options")
    if not isinstance(options, list) or not options:
        out.append(Problem((*path, "options"), "A string select requires options"))
        return
    if len(options) > MAX_SELECT_OPTIONS:
        out.append(Problem((*path, "options"), f"Must be {MAX_SELECT_OPTIONS} or fewer in length."))
    if max_values is not None and max_values > len(options):
        out.append(
            Problem((*path, "max_values"), "Must be less than or equal to the number of options")
        )
    if min_values is not None and max_values is not None and min_values > max_values:
        out.append(Problem((*path, "min_values"), "Must be less than or equal to max_values"))
    seen: set[str] = set()
    for opath, option in _objects(out, (*path, "options"), options):
        _length(out, (*opath, "label"), option.get("label"), 100, 1)
        _length(out, (*opath, "value"), option.get("value"), 100, 1)
        _length(out, (*opath, "description"), option.get("description"), 100)
        value = option.get("value")
        if value in seen:
            out.append(Problem((*opath, "value"), "Select option values must be unique"))
        seen.add(value)


def _walk_components(
    out: list[Problem], path: tuple, component: Any, custom_ids: dict[str, tuple], v2: bool
) -> int:
    """Check one component and its children; returns how many components it counts for."""
    if not isinstance(component, dict):
        out.append(Problem(path, "Must be an object"))
        return 1
    ctype = component.get("type")
    count = 1
    custom_id = component.get("custom_id")
    if isinstance(custom_id, str):
        if custom_id in custom_ids:
            out.append(Problem((*path, "custom_id"), "Component custom id cannot be duplicated"))
        custom_ids[custom_id] = path
    if ctype == 1:
        children = component.get("components")
        if not isinstance(children, list) or not children:
            out.append(Problem((*path, "components"), "An action row needs 1 to 5 components"))
            return count
        if len(children) > MAX_ROW_BUTTONS:
            out.append(
                Problem((*path, "components"), f"Must be {MAX_ROW_BUTTONS} or fewer in length.")
            )
        types = [c.get("type") for c in children if isinstance(c, dict)]
        if any(t in SELECT_TYPES for t in types) and len(children) > 1:
            out.append(
                Problem((*path, "components"), "A select menu must be alone in its action row")
            )
        for i, child in enumerate(children):
            cpath = (*path, "components", i)
            if isinstance(child, dict) and child.get("type") == 1:
                out.append(Problem(cpath, "Action rows cannot be nested"))
            count += _walk_components(out, cpath, child, custom_ids, v2)
    elif ctype == 2:
        _check_button(out, path, component)
    elif ctype in SELECT_TYPES:
        _check_select(out, path, component)
    elif ctype == 4:
        out.append(Problem(path, "Text inputs are only allowed in modals"))
    elif not v2:
        out.append(
            Problem(path, f"Component type {ctype} requires the IS_COMPONENTS_V2 message flag")
        )
    else:
        for key in ("components",):
            for i, child in enumerate(component.get(key) or []):
                count += _walk_components(out, (*path, key, i), child, custom_ids, v2)
        accessory = component.get("accessory")
        if accessory is not None:
            count += _walk_components(out, (*path, "accessory"), accessory, custom_ids, v2)
        if ctype == 10:
            _length(out, (*path, "content"), component.get("content"), 4000, 1)
    return count


def _check_components(out: list[Problem], components: Any, flags: int) -> None:
    if components is None:
        return
    if not isinstance(components, list):
        out.append(Problem(("components",), "Must be an array"))
        return
    v2 = bool(flags & IS_COMPONENTS_V2)
    custom_ids: dict[str, tuple] = {}
    total = 0
    for i, component in enumerate(components):
        path = ("components", i)
        if not v2 and isinstance(component, dict) and component.get("type") != 1:
            out.append(Problem(path, "Top-level components must be action rows"))
        total += _walk_components(out, path, component, custom_ids, v2)
    if v2:
        if total > MAX_V2_COMPONENTS:
            out.append(
                Problem(("components",), f"Must be {MAX_V2_COMPONENTS} or fewer components.")
            )
    elif len(components) > MAX_ROWS:
        out.append(Problem(("components",), f"Must be {MAX_ROWS} or fewer in length."))


def check_message(
    body: Any, *, partial: bool = False, has_files: bool = False, existing_flags: int = 0
) -> list[Problem]:
    """Limits of a message create (``partial=False``) or edit (``partial=True``) body."""
    if body is None:
        body = {}
    if not isinstance(body, dict):
        return [Problem((), "The request body must be a JSON object")]
    out: list[Problem] = []
    flags = body.get("flags") or 0
    if not isinstance(flags, int):
        out.append(Problem(("flags",), "Must be an integer"))
        flags = 0
    flags |= existing_flags & IS_COMPONENTS_V2
    content = body.get("content")
    if content is not None:
        if not isinstance(content, str):
            out.append(Problem(("content",), "Must be a string"))
        elif len(content) > MAX_CONTENT:
            out.append(Problem(("content",), f"Must be {MAX_CONTENT} or fewer in length."))
        elif flags & IS_COMPONENTS_V2 and content:
            out.append(Problem(("content",), "Cannot send content with IS_COMPONENTS_V2"))
    _check_embeds(out, body.get("embeds"))
    _check_components(out, body.get("components"), flags)
    if not partial and not has_files:
        empty = not (
            content
            or body.get("embeds")
            or body.get("components")
            or body.get("sticker_ids")
            or body.get("poll")
            or body.get("attachments")
        )
        if empty:
            out.append(Problem((), "Cannot send an empty message", EMPTY_MESSAGE))
    return out


# ---------------------------------------------------------------- modals


def check_modal(data: Any) -> list[Problem]:
    """Limits of a MODAL (type 9) callback's ``data``."""
    if not isinstance(data, dict):
        return [Problem(("data",), "A modal needs data")]
    out: list[Problem] = []
    _length(out, ("data", "title"), data.get("title"), 45, 1)
    _length(out, ("data", "custom_id"), data.get("custom_id"), 100, 1)
    rows = data.get("components")
    if not isinstance(rows, list) or not 1 <= len(rows) <= 5:
        out.append(Problem(("data", "components"), "A modal needs 1 to 5 components"))
        return out
    custom_ids: set[str] = set()
    for path, row in _objects(out, ("data", "components"), rows):
        inner = row.get("components") if row.get("type") == 1 else [row.get("component")]
        if row.get("type") == 18:
            _length(out, (*path, "label"), row.get("label"), 45, 1)
        for j, comp in enumerate(inner or []):
            cpath = (*path, "components", j)
            if not isinstance(comp, dict):
                continue
            cid = comp.get("custom_id")
            _length(out, (*cpath, "custom_id"), cid, 100, 1)
            if cid in custom_ids:
                out.append(Problem((*cpath, "custom_id"), "Duplicated component custom id"))
            custom_ids.add(cid)
            if comp.get("type") == 4:
                _length(out, (*cpath, "label"), comp.get("label"), 45)
                _length(out, (*cpath, "placeholder"), comp.get("placeholder"), 100)
                _length(out, (*cpath, "value"), comp.get("value"), 4000)
    return out


def check_autocomplete(data: Any) -> list[Problem]:
    """Limits of an APPLICATION_COMMAND_AUTOCOMPLETE_RESULT (type 8) callback's ``data``."""
    choices = (data or {}).get("choices")
    if not isinstance(choices, list):
        return [Problem(("data", "choices"), "This field is required")]
    out: list[Problem] = []
    if len(choices) > 25:
        out.append(Problem(("data", "choices"), "Must be 25 or fewer in length."))
    for i, choice in enumerate(choices):
        path = ("data", "choices", i)
        _length(out, (*path, "name"), choice.get("name"), 100, 1)
        if isinstance(choice.get("value"), str):
            _length(out, (*path, "value"), choice.get("value"), 100)
    return out


# ---------------------------------------------------------------- application commands


def _valid_command_name(name: str) -> bool:
    if not 1 <= len(name) <= 32:
        return False
    for ch in name:
        if ch in "-_'":
            continue
        category = unicodedata.category(ch)
        if category[0] not in "LNM":
            return False
    return name == name.lower()


def _check_name(out: list[Problem], path: tuple, name: Any, chat_input: bool) -> None:
    if not isinstance(name, str):
        out.append(Problem(path, "This field is required"))
    elif chat_input and not _valid_command_name(name):
        out.append(Problem(path, f"Invalid chat input command name {name!r}"))
    elif not 1 <= len(name) <= 32:
        out.append(Problem(path, "Must be between 1 and 32 in length."))


def _check_localized(
    out: list[Problem], path: tuple, obj: dict[str, Any], chat_input: bool, describe: bool
) -> int:
    chars = 0
    for locale, value in (obj.get("name_localizations") or {}).items():
        _check_name(out, (*path, "name_localizations", locale), value, chat_input)
        chars += len(value or "")
    if describe:
        for locale, value in (obj.get("description_localizations") or {}).items():
            _length(out, (*path, "description_localizations", locale), value, 100, 1)
            chars += len(value or "")
    return chars


def _check_options(out: list[Problem], path: tuple, options: Any, depth: int) -> int:
    if options is None:
        return 0
    if len(options) > 25:
        out.append(Problem(path, "Must be 25 or fewer in length."))
    chars = 0
    names: set[str] = set()
    seen_optional = False
    kinds = {o.get("type") in (1, 2) for o in options if isinstance(o, dict)}
    if len(kinds) > 1:
        out.append(Problem(path, "Subcommands cannot be mixed with other options"))
    for opath, option in _objects(out, path, options):
        otype = option.get("type")
        name = option.get("name")
        _check_name(out, (*opath, "name"), name, True)
        _length(out, (*opath, "description"), option.get("description"), 100, 1)
        if name in names:
            out.append(Problem((*opath, "name"), "Option names must be unique"))
        names.add(name)
        chars += len(name or "") + len(option.get("description") or "")
        chars += _check_localized(out, opath, option, True, True)
        if otype in (1, 2):
            if depth >= 2 or (otype == 2 and depth >= 1):
                out.append(Problem((*opath, "type"), "Subcommands nested too deeply"))
            sub = option.get("options")
            if otype == 2 and any(isinstance(o, dict) and o.get("type") != 1 for o in sub or []):
                out.append(Problem((*opath, "options"), "A group may only hold subcommands"))
            chars += _check_options(out, (*opath, "options"), sub, depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                out.append(Problem((*opath, "required"), "Required options must be first"))
        else:
            seen_optional = True
        choices = option.get("choices")
        if choices is not None:
            if len(choices) > 25:
                out.append(Problem((*opath, "choices"), "Must be 25 or fewer in length."))
            for k, choice in enumerate(choices):
                cpath = (*opath, "choices", k)
                _length(out, (*cpath, "name"), choice.get("name"), 100, 1)
                value = choice.get("value")
                if isinstance(value, str):
                    _length(out, (*cpath, "value"), value, 100, 1)
                chars += len(choice.get("name") or "") + len(str(value))
                for loc, loc_name in (choice.get("name_localizations") or {}).items():
                    _length(out, (*cpath, "name_localizations", loc), loc_name, 100, 1)
                    chars += len(loc_name or "")
    return chars


def check_commands(commands: Any) -> list[Problem]:
    """Limits of a bulk overwrite of application commands."""
    if not isinstance(commands, list):
        return [Problem((), "Must be an array")]
    out: list[Problem] = []
    by_type: dict[tuple[int, str], int] = {}
    counts: dict[int, int] = {}
    for path, command in _objects(out, (), commands):
        ctype = command.get("type", 1)
        chat_input = ctype == 1
        counts[ctype] = counts.get(ctype, 0) + 1
        name = command.get("name")
        _check_name(out, (*path, "name"), name, chat_input)
        key = (ctype, name)
        if key in by_type:
            out.append(Problem((*path, "name"), "Application command names must be unique"))
        by_type[key] = path[0]
        chars = len(name or "")
        if chat_input:
            _length(out, (*path, "description"), command.get("description"), 100, 1)
            chars += len(command.get("description") or "")
        chars += _check_localized(out, path, command, chat_input, chat_input)
        chars += _check_options(out, (*path, "options"), command.get("options"), 0)
        if chars > 8000:
            out.append(Problem(path, "Command exceeds 8000 combined characters"))
    if counts.get(1, 0) > 100:
        out.append(Problem((), "Maximum number of chat input commands (100) reached"))
    if counts.get(2, 0) > 15 or counts.get(3, 0) > 15:
        out.append(Problem((), "Maximum number of context menu commands (15) reached"))
    return out


# ---------------------------------------------------------------- error bodies


def error_body(problems: list[Any], message: str = "Invalid Form Body") -> dict[str, Any]:
    """A Discord-style 400 body: ``{"code": 50035, "errors": {path: {"_errors": [...]}}}``."""
    codes = {getattr(p, "code", INVALID_FORM_BODY) for p in problems}
    if codes == {EMPTY_MESSAGE}:
        return {"message": "Cannot send an empty message", "code": EMPTY_MESSAGE}
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for part in problem.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append(
            {"code": "BASE_TYPE_INVALID", "message": problem.message}
        )
    return {"message": message, "code": INVALID_FORM_BODY, "errors": errors}


# ---------------------------------------------------------------- uploads


def check_files(sizes: list[int]) -> list[Problem]:
    """Limits of the files of a multipart/form-data request (message create or edit, or an
    interaction response): how many, and how large together."""
    out: list[Problem] = []
    if len(sizes) > MAX_FILES:
        out.append(Problem(("files",), f"Must be {MAX_FILES} or fewer in length."))
    if sum(sizes) > MAX_UPLOAD_BYTES:
        out.append(Problem(("files",), f"Request entity too large (over {MAX_UPLOAD_BYTES} bytes)"))
    return out
