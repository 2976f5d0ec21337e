"""File uploads through the fake Discord, sent by the real discord.py client: multipart/form-data
message creates, edits and interaction responses, embed images given as `attachment://`, the
files served at their URLs, and the upload limits."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest_asyncio
from discord.ext import commands
from PIL import Image

from bot.sandbox.fakediscord import FakeDiscord, limits
from bot.sandbox.fakediscord.pytest_plugin import fake_discord, fake_discord_options
from tests.e2e.test_fakediscord import Numbered

__all__ = ["fake_discord", "fake_discord_options"]


def png(width: int, height: int, colour: tuple[int, int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, "PNG")
    return buffer.getvalue()


def picture_embed(name: str) -> discord.Embed:
    return discord.Embed(title="Table").set_image(url=f"attachment://{name}")


class Redraw(Numbered, template=r"redraw:(?P<n>[0-9]+)"):
    """Answers a click by editing its message with a new picture (callback type 7)."""

    def __init__(self, n: int) -> None:
        super().__init__(n, discord.ui.Button(label=f"redraw {n}", custom_id=f"redraw:{n}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(png(30, 20, (0, 0, 255))), filename="table.png")
        await interaction.response.edit_message(
            embed=picture_embed("table.png"), attachments=[file], view=self.next_view()
        )


class PictureBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.table: discord.Message | None = None

        @self.tree.command(name="picture", description="Post pictures")
        async def picture(interaction: discord.Interaction) -> None:
            hand = discord.File(io.BytesIO(png(40, 10, (0, 255, 0))), filename="hand.png")
            await interaction.response.send_message(
                embed=picture_embed("hand.png"), file=hand, ephemeral=True
            )
            view = discord.ui.View(timeout=None)
            view.add_item(Redraw(0))
            table = discord.File(io.BytesIO(png(20, 30, (255, 0, 0))), filename="table.png")
            self.table = await interaction.channel.send(
                embed=picture_embed("table.png"), file=table, view=view
            )

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Redraw)
        await self.tree.sync()


@pytest_asyncio.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[PictureBot]:
    async with fake_discord.run_bot(PictureBot()) as running:
        yield running


async def fetch(url: str) -> tuple[int, bytes, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.read(), response.content_type


async def test_uploads_in_responses_creates_and_edits(fake_discord: FakeDiscord, bot: PictureBot):
    fake = fake_discord
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    inter = await alice.slash("picture")
    response = await inter.response()
    # An ephemeral interaction response (callback type 4) with a file and an embed image.
    hand = response.message
    assert hand.ephemeral and [a["filename"] for a in hand.attachments] == ["hand.png"]
    attachment = hand.attachments[0]
    assert (attachment["width"], attachment["height"]) == (40, 10)
    assert attachment["content_type"] == "image/png"
    image = hand.embed["image"]
    assert image["url"] == attachment["url"] and (image["width"], image["height"]) == (40, 10)
    status, data, kind = await fetch(attachment["url"])
    assert status == 200 and kind == "image/png"
    assert data == png(40, 10, (0, 255, 0))

    # A channel message with a file, then a click that edits it with a new one (type 7).
    table = await fake.wait_for(lambda: fake.channel_messages()[:1])
    table = table[0]
    first = table.attachments[0]
    assert table.embed["image"]["url"] == first["url"]
    assert fake.attachment_bytes(first["id"]) == png(20, 30, (255, 0, 0))
    click = await bob.click(table, "redraw:0")
    assert (await click.response()).type == 7
    latest = fake.message(table.id)
    assert [a["filename"] for a in latest.attachments] == ["table.png"]
    second = latest.attachments[0]
    assert second["id"] != first["id"]
    assert latest.embed["image"]["url"] == second["url"]
    assert (second["width"], second["height"]) == (30, 20)
    assert fake.attachment_bytes(second["id"]) == png(30, 20, (0, 0, 255))

    # A REST edit of the message with another file replaces the picture again.
    assert bot.table is not None
    newer = discord.File(io.BytesIO(png(10, 10, (9, 9, 9))), filename="table.png")
    await bot.table.edit(embed=picture_embed("table.png"), attachments=[newer])
    await fake.wait_for(lambda: fake.message(table.id).attachments[0]["width"] == 10)
    assert len(fake.message(table.id).attachments) == 1
    uploads = [r for r in fake.requests if r.files]
    assert {r.route for r in uploads} >= {
        "POST /interactions/{interaction_id}/{interaction_token}/callback",
        "POST /channels/{channel_id}/messages",
        "PATCH /channels/{channel_id}/messages/{message_id}",
    }
    assert fake.violations == []


async def test_unknown_attachment_urls_are_not_served(fake_discord: FakeDiscord) -> None:
    status, _, _ = await fetch(f"{fake_discord.base_url}/attachments/1/2/none.png")
    assert status == 404


def test_upload_limits() -> None:
    assert limits.check_files([100] * limits.MAX_FILES) == []
    assert limits.check_files([100] * (limits.MAX_FILES + 1))
    assert limits.check_files([limits.MAX_UPLOAD_BYTES + 1])
