"""A message as the publisher composes it: text, embeds, controls and what becomes of its picture.

A message with a picture shows it as its first embed's image, from a file attached to the
message. What a send or an edit does with that file is a field of the payload, not a guess from
which keys a dict holds: a `NewPicture` attaches a freshly drawn one, a `KeptPicture` leaves
the message's current file in place (a click's quick answer: its text now, its picture in a
later edit), and no picture (None) sends none, or removes an old one on an edit.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.render import pictures


@dataclass(frozen=True)
class NewPicture:
    """A picture drawn for this message, attached with it."""

    picture: pictures.Picture


@dataclass(frozen=True)
class KeptPicture:
    """The picture the message already has (attached under `filename`) stays beside its new
    text: the picture is then one edit behind."""

    filename: str


@dataclass(eq=False)
class Payload:
    """The keyword arguments of a message's send or edit, typed (`send` / `edit` spell them).

    `scene`: for a hand made to go beside its picture (its text leaves out what the picture
    shows), lays that picture out, for its `Fingerprint` to compare."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    picture: NewPicture | KeptPicture | None = None
    scene: Callable[[], object] | None = field(default=None, repr=False)

    @property
    def beside_picture(self) -> bool:
        """Whether it was made to go beside its (hand) picture."""
        return self.scene is not None

    @property
    def kept_picture(self) -> bool:
        """Whether it leaves the message's current picture beside its new text."""
        return bool(self.embeds) and isinstance(self.picture, KeptPicture)

    def drawn(self, picture: pictures.Picture | None) -> Payload:
        """This payload with `picture` (None: pictures off, or none could be drawn)."""
        self.picture = NewPicture(picture) if picture is not None else None
        return self

    def keeping_picture(self, filename: str, *, on: bool) -> Payload:
        """This payload as a click's quick answer: its text now, the message's current picture
        (attached as `filename`) kept; with pictures off (`on` false), an old one removed."""
        self.picture = KeptPicture(filename) if on else None
        return self

    def _with_image(self) -> list[discord.File]:
        """Point the first embed at the payload's picture; the files to attach."""
        if not self.embeds:
            return []
        if isinstance(self.picture, NewPicture):
            self.embeds[0].set_image(url=self.picture.picture.url)
            return [self.picture.picture.file()]
        if isinstance(self.picture, KeptPicture):
            self.embeds[0].set_image(url=f"attachment://{self.picture.filename}")
        return []

    def send(self) -> dict[str, Any]:
        """The keyword arguments of a new message (a channel's `send`, a follow-up, the first
        response)."""
        files = self._with_image()
        kwargs: dict[str, Any] = {"content": self.content}
        if self.embeds:
            kwargs["embeds"] = self.embeds
        if self.view is not None:
            kwargs["view"] = self.view
        if files:
            kwargs["files"] = files
        return kwargs

    def edit(self) -> dict[str, Any]:
        """The keyword arguments of an edit of the message: its files are replaced, except
        while a `KeptPicture` leaves them be."""
        files = self._with_image()
        kwargs: dict[str, Any] = {"content": self.content, "embeds": self.embeds}
        if self.view is not None:
            kwargs["view"] = self.view
        if not (self.embeds and isinstance(self.picture, KeptPicture)):
            kwargs["attachments"] = files
        return kwargs


class Fingerprint:
    """What a hand payload shows (its text, embeds and controls; its picture aside, since the
    picture follows from the same state, unless the text leaves out what the picture shows:
    then the picture's layout counts too), to tell whether a hand message needs an edit.

    Each part is worked out the first time two are compared (the layout only when the texts
    are the same): a click notes what its answer shows before sending it, and only the
    publisher compares, later, so the answer does not wait for it. The payload must not
    change what it shows once given (nor the game state its picture is laid out from: a
    move replaces the session's state by a new one)."""

    __slots__ = ("_laid_out", "_payload", "_scene", "_text", "beside_picture")

    def __init__(self, payload: Payload) -> None:
        self._payload: Payload | None = payload
        self._text = ""
        self._scene = payload.scene
        self._laid_out: object = None
        #: Whether the payload was made to go beside the hand's picture.
        self.beside_picture = payload.beside_picture

    @property
    def text(self) -> str:
        if self._payload is not None:
            payload, self._payload = self._payload, None
            embeds = [embed.to_dict() for embed in payload.embeds]
            self._text = json.dumps(
                [
                    payload.content,
                    [{k: v for k, v in embed.items() if k != "image"} for embed in embeds],
                    payload.view.to_components() if payload.view is not None else None,
                ],
                sort_keys=True,
                ensure_ascii=False,
            )
        return self._text

    @property
    def picture(self) -> object:
        """The layout of the picture the text leaves things to (None when it leaves nothing)."""
        if self._scene is not None:
            lay_out, self._scene = self._scene, None
            self._laid_out = lay_out()
        return self._laid_out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Fingerprint):
            return NotImplemented
        return self is other or (self.text == other.text and self.picture == other.picture)

    __hash__ = None  # type: ignore[assignment]
