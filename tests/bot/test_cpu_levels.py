"""The CPU levels the lobby offers come from the games (`Game.cpu_levels`), named in both
languages from the catalogs."""

from __future__ import annotations

from bot.i18n import messages as msg
from cogs.common import cpu_choices, cpu_levels
from games import registry


def test_every_game_level_is_offered_weakest_first() -> None:
    levels = cpu_levels()
    assert len(set(levels)) == len(levels)
    for game in registry.all():
        assert game.default_cpu_level in game.cpu_levels
        # Each game's levels are offered, in the game's own order (weakest first).
        positions = [levels.index(level) for level in game.cpu_levels]
        assert positions == sorted(positions), game.id
    # The tests' extra game offers two of the five titles' three levels: nothing new.
    assert "expert" not in registry.get("high_card").cpu_levels
    assert levels == ["random", "strong", "expert"]


def test_every_level_is_named_in_both_languages() -> None:
    for choice in cpu_choices():
        text = msg.CHOICE_CPU_LEVELS[choice.value]
        assert choice.name == text.en
        assert text.ja and text.ja != text.en
        level = msg.CPU_LEVELS[choice.value]
        assert level.ja and level.en and level.ja != level.en
