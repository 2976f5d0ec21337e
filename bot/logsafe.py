"""Secrets never reach a log line: the bot token and interaction and webhook tokens are redacted
from every record, at every level, whichever handler writes it (an interaction token also
where nothing marks it as one, as in the parameters of a query that keeps a live hand).

discord.py's own DEBUG logging prints each request's URL (an interaction's follow-ups and
edits carry its token in the path: `/webhooks/<app>/<token>/...`) and the payloads it sends and
receives (INTERACTION_CREATE carries `"token": "..."`). Anyone holding such a token can answer
and edit messages as the bot for 15 minutes; the bot token, for ever. So the redaction happens
where records are made (a log record factory), before any filter, handler or formatter sees
them: a handler added later (a file, a log shipper) gets redacted records too.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any

REDACTED = "[redacted]"

#: Tokens in request paths: `/webhooks/<id>/<token>` and `/interactions/<id>/<token>`.
_PATH_TOKEN = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_\-.]+")
#: Tokens in payloads, as JSON (`"token": "…"`) or as a Python dict's repr (`'token': '…'`).
_FIELD_TOKEN = re.compile(r"""(["']token["']\s*:\s*["'])[^"']+""")
#: An interaction token anywhere (e.g. among a stored query's parameters): Discord's start with
#: `interaction:` in base64.
_INTERACTION_PREFIX = "aW50ZXJhY3Rpb246"
_INTERACTION_TOKEN = re.compile(_INTERACTION_PREFIX + r"[A-Za-z0-9_\-.]+")
#: Anything shaped like a bot token (three base64url parts, the first the bot's id).
_BOT_TOKEN = re.compile(r"\b[A-Za-z0-9_\-]{23,28}\.[A-Za-z0-9_\-]{6,7}\.[A-Za-z0-9_\-]{27,}")
#: `Authorization: Bot <token>` as a header or in a headers dict's repr.
_AUTHORIZATION = re.compile(r"""(Bot\s+)[A-Za-z0-9_\-.]{20,}""")

#: Exact secrets to redact wherever they appear (the configured bot token).
_secrets: set[str] = set()
_original_factory: Callable[..., logging.LogRecord] | None = None


def redact(text: str) -> str:
    """`text` with every token it holds replaced by `[redacted]`."""
    for secret in _secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
    # (Each pattern only runs where its plain-text marker appears: most lines have none.)
    if "/webhooks/" in text or "/interactions/" in text:
        text = _PATH_TOKEN.sub(rf"\g<1>{REDACTED}", text)
    if "token" in text:
        text = _FIELD_TOKEN.sub(rf"\g<1>{REDACTED}", text)
    if _INTERACTION_PREFIX in text:
        text = _INTERACTION_TOKEN.sub(REDACTED, text)
    if "Bot " in text:
        text = _AUTHORIZATION.sub(rf"\g<1>{REDACTED}", text)
    if text.count(".") >= 2:
        text = _BOT_TOKEN.sub(REDACTED, text)
    return text


def _redacted_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
    assert _original_factory is not None
    record = _original_factory(*args, **kwargs)
    try:
        message = record.getMessage()
    except Exception:  # a bad format string: leave the record for logging to report
        return record
    record.msg, record.args = redact(message), None
    if record.exc_info and not record.exc_text:
        record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    return record


def protect(*secrets: str) -> None:
    """Redact tokens (and these exact `secrets`) from every log record from now on."""
    global _original_factory
    _secrets.update(s for s in secrets if s)
    if _original_factory is None:
        _original_factory = logging.getLogRecordFactory()
        logging.setLogRecordFactory(_redacted_record)
