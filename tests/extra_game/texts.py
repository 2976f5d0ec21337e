"""ハイカード's texts, each in Japanese and English, as every game keeps them: data in
`texts.toml` beside this module (the one shape of `games.text`), whose top-level names are this
module's: what the platform reads (`NAME`, `RULES`, `OPTION_TEXT`, `REASONS`) and what its
renderer and pictures show."""

from __future__ import annotations

from games.text import load_catalog

globals().update(load_catalog(__file__))
