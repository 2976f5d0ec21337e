"""Checking an engine's refusals: the reason it gives, and that the refused move changed nothing."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction, State


def refusal(state: State, seat: int, action: Any) -> str:
    """The reason `state` refuses `action` of `seat` with; fails if the action is played or if
    the refusal changed the state."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert state.snapshot() == before
    return info.value.reason
