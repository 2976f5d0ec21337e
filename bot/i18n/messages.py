"""The platform's texts (lobby, table, hands, pings, commands, errors), in both languages.

The texts are data, in `messages.toml` beside this module, in the one shape of `games.text`:
every top-level name there is a name of this module (`messages.LOBBY_TITLE`,
`messages.STATUSES["lobby"]`). This module keeps only what is code. Games keep their own texts
in `games/<id>/texts.toml`.
"""

from __future__ import annotations

from games.core import Reason
from games.text import Text, load_catalog

_CATALOG = load_catalog(__file__)
globals().update(_CATALOG)

# The texts this module's own code reads, with their types.
ERROR_GAME_OVER: Text = _CATALOG["ERROR_GAME_OVER"]
ERROR_NOT_YOUR_TURN: Text = _CATALOG["ERROR_NOT_YOUR_TURN"]
ERROR_NOT_LEGAL: Text = _CATALOG["ERROR_NOT_LEGAL"]
ERROR_MALFORMED: Text = _CATALOG["ERROR_MALFORMED"]
ERROR_NO_SUCH_SEAT: Text = _CATALOG["ERROR_NO_SUCH_SEAT"]
ERROR_NOT_STARTED: Text = _CATALOG["ERROR_NOT_STARTED"]
ERROR_STALE: Text = _CATALOG["ERROR_STALE"]
ERROR_STORAGE: Text = _CATALOG["ERROR_STORAGE"]

#: Why a move was refused, by reason code: the engine's shared codes (`games.core.Reason`) and
#: the service's (`bot.sessions.MoveRefused`). A game's own codes are in its `texts.REASONS`.
REASONS: dict[str, Text] = {
    Reason.GAME_OVER: ERROR_GAME_OVER,
    Reason.NOT_YOUR_TURN: ERROR_NOT_YOUR_TURN,
    Reason.NOT_LEGAL: ERROR_NOT_LEGAL,
    Reason.MALFORMED: ERROR_MALFORMED,
    Reason.NO_SUCH_SEAT: ERROR_NO_SUCH_SEAT,
    "not_started": ERROR_NOT_STARTED,
    "stale": ERROR_STALE,
    "storage": ERROR_STORAGE,
}
