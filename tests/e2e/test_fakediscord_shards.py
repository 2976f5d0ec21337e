"""The fake Discord shards like Discord: two real discord.py `AutoShardedBot`s, each running two
of four shards, receive their own guild's events and interactions, and DMs arrive on shard 0."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import discord
import pytest
from discord.ext import commands

from bot.sandbox.fakediscord import FakeDiscord
from bot.sandbox.fakediscord.pytest_plugin import fake_discord, fake_discord_options

__all__ = ["fake_discord", "fake_discord_options"]

SHARDS = 4
GUILD_SHARD = 3


class ShardBot(commands.AutoShardedBot):
    """Records which of its shards each interaction came in on."""

    def __init__(self, name: str, shard_ids: list[int], seen: list[tuple[str, str, int]]) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            shard_count=SHARDS,
            shard_ids=shard_ids,
        )
        self.name = name
        self.seen = seen

        @self.tree.command(name="hand", description="Send a hand by DM")
        async def hand(interaction: discord.Interaction) -> None:
            self.seen.append((self.name, "slash", interaction.guild.shard_id))  # type: ignore[union-attr]
            view = discord.ui.View(timeout=None)
            view.add_item(discord.ui.Button(label="Play", custom_id="play"))
            await interaction.user.send("your hand", view=view)
            await interaction.response.send_message("sent", ephemeral=True)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            self.seen.append((self.name, "click", interaction.guild_id or 0))
            await interaction.response.edit_message(content="played", view=None)


@contextlib.asynccontextmanager
async def two_processes(
    fake: FakeDiscord, seen: list[tuple[str, str, int]]
) -> AsyncIterator[tuple[ShardBot, ShardBot]]:
    """Two processes of a bot sharded four ways, "first" running shards 0–1 and "second"
    2–3, both connected to `fake` (all four shards identified)."""
    first = ShardBot("first", [0, 1], seen)
    second = ShardBot("second", [2, 3], seen)
    async with fake.run_bot(first), fake.run_bot(second):
        await fake.wait_for(lambda: fake.gateway.identifies == SHARDS, what="four IDENTIFYs")
        yield first, second


@pytest.mark.fake_discord(guild_shard=(GUILD_SHARD, SHARDS))
async def test_two_processes_of_shards_get_their_guild_and_dms_on_shard_0(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    assert (fake.guild.id >> 22) % SHARDS == GUILD_SHARD
    user = fake.add_user("aoi")
    seen: list[tuple[str, str, int]] = []
    async with two_processes(fake, seen) as (first, second):
        shards = sorted(tuple(s.shard) for s in fake._live_sessions())  # type: ignore[arg-type]
        assert shards == [(n, SHARDS) for n in range(SHARDS)]
        # Only the process running the guild's shard was told about the guild.
        await second.wait_until_ready()
        assert first.get_guild(fake.guild.id) is None
        assert second.get_guild(fake.guild.id) is not None

        await user.slash("hand")
        await fake.wait_for(lambda: user.dms(), what="the DM hand")
        assert seen == [("second", "slash", GUILD_SHARD)]

        # A click in a DM has no guild: Discord sends it on shard 0, to the other process.
        await user.click(user.dms()[-1], "play")
        await fake.wait_for(lambda: user.dms()[-1].content == "played", what="the DM answer")
        assert seen[-1] == ("first", "click", 0)
        assert first.shards[0].id == 0 and 0 not in second.shards


async def test_an_invalid_shard_is_refused_with_4010(fake_discord: FakeDiscord) -> None:
    """IDENTIFY with a shard id outside the shard count is closed as Discord does."""
    fake = fake_discord
    bot = ShardBot("bad", [SHARDS], [])
    await bot.login(fake.token)
    try:
        with pytest.raises(discord.ConnectionClosed) as closed:
            await asyncio.wait_for(bot.connect(reconnect=False), 30)
    finally:
        await bot.close()
    assert closed.value.code == 4010 and 4010 in fake.gateway.closes
    violations = fake.take_violations("gateway")
    assert violations and "invalid shard" in violations[0].message


@pytest.mark.fake_discord(guild_shard=(1, SHARDS))
async def test_guilds_on_several_shards_go_to_the_processes_running_them(
    fake_discord: FakeDiscord,
) -> None:
    """With a guild on each of shards 1 and 2, each process gets only its guild (READY and
    GUILD_CREATE), and a slash command in either guild reaches the process running its shard."""
    fake = fake_discord
    user = fake.add_user("aoi")
    other = fake.add_guild("Second server", shard=(2, SHARDS))
    second_guild = fake.guild_of(other)
    assert second_guild is not None and second_guild is not fake.guild
    assert (second_guild.id >> 22) % SHARDS == 2
    assert user.id in second_guild.members
    seen: list[tuple[str, str, int]] = []
    async with two_processes(fake, seen) as (first, second):
        await first.wait_until_ready()
        await second.wait_until_ready()
        assert [g.id for g in first.guilds] == [fake.guild.id]
        assert [g.id for g in second.guilds] == [second_guild.id]
        assert second.get_channel(other.id) is not None and first.get_channel(other.id) is None

        await user.slash("hand")
        await fake.wait_for(lambda: len(seen) == 1, what="the first guild's command")
        await user.slash("hand", channel=other)
        await fake.wait_for(lambda: len(seen) == 2, what="the second guild's command")
        assert seen == [("first", "slash", 1), ("second", "slash", 2)]

        # A guild added while the bots run is announced to the process running its shard only.
        third = fake.add_guild("Third server", shard=(0, SHARDS))
        await fake.wait_for(lambda: first.get_channel(third.id), what="the new guild's channel")
        assert second.get_channel(third.id) is None
