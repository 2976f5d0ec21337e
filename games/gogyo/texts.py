"""Japanese and English texts of Gogyo: names, rules summary, card names, steps and reasons.

The texts are data, in `texts.toml` beside this module, in the one shape of `games.text`: every
top-level name there is a name of this module (`texts.DYNASTY_NAMES["夏"]`, `texts.STEPS["act"]`).
"""

from __future__ import annotations

from games.text import load_catalog

globals().update(load_catalog(__file__))
