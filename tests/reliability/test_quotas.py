"""Quotas: one user (or one channel) cannot crowd out the others. Lobbies per user and per
channel, games in play per user (a game every human left counts against its host), a cooldown
on /newgame and lobby expiry, each refused with a private answer naming the limit, and server
managers exempt from the per-user limits. Prints the limits tried and the refusals given."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.client import GameBot
from bot.sandbox.fakediscord import Channel, FakeDiscord, Message, User
from bot.settings import Settings
from tests.e2e.harness import custom_id, game_id_of, start_from_lobby, wait_until


def quota_bot(fake: FakeDiscord, db: Path, **limits: Any) -> GameBot:
    settings = Settings(
        discord_token=fake.token,
        database_path=db,
        cpu_delay_seconds=0,
        sync_commands=True,
        **{"newgame_cooldown_seconds": 0, "lobby_expiry_minutes": 0, **limits},
    )
    return GameBot(settings)


class Counter:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.tried = self.refused = 0
        self.limits: set[str] = set()

    async def newgame(
        self,
        user: User,
        channel: Channel | None = None,
        refused: str | None = None,
        game: str = "kasane",
    ) -> Message | str:
        """/newgame `game`; returns the lobby, or the refusal's text (which must name
        `refused`)."""
        self.tried += 1
        inter = await user.slash("newgame", {"game": game}, channel=channel)
        response = await inter.response()
        if refused is None:
            assert response.type == 4 and not response.ephemeral, response
            return await inter.wait_original()
        return self.refusal(response, refused)

    def refusal(self, response: Any, refused: str) -> str:
        """The text of a private refusal, which must name `refused`; counted."""
        assert response.type == 4 and response.ephemeral, response
        text = response.message.text
        assert refused in text, (refused, text)
        self.refused += 1
        self.limits.add(refused)
        return text

    async def join(self, user: User, lobby: Message, refused: str | None = None) -> str:
        self.tried += 1
        current = self.fake.message(lobby.id)
        inter = await user.click(current, custom_id(current, r"lb:\d+:join"))
        response = await inter.response()
        if refused is None:
            assert response.type == 7, response
            return ""
        return self.refusal(response, refused)


async def add_cpus(fake: FakeDiscord, host: User, lobby: Message, n: int) -> None:
    for _ in range(n):
        current = fake.message(lobby.id)
        inter = await host.click(current, custom_id(current, r"lb:\d+:cpu"))
        assert (await inter.response()).type == 7


async def test_limits_refuse_with_a_private_answer(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    aoi, ben, chika, eri, fumi, gina = (
        fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben", "Chika", "Eri", "Fumi", "Gina")
    )
    dana = fake.add_user("Dana", locale="en-US", manage_guild=True)
    other = fake.add_channel("other")
    third = fake.add_channel("third")
    fourth = fake.add_channel("fourth")
    bot = quota_bot(
        fake,
        tmp_path / "db.sqlite3",
        max_lobbies_per_user=2,
        max_lobbies_per_channel=3,
        max_games_per_user=1,
    )
    count = Counter(fake)
    async with fake.run_bot(bot):
        # Open lobbies per user, then per channel (managers too are held to the channel's).
        first = await count.newgame(aoi)
        second = await count.newgame(aoi, game="gogyo")  # (a second kasane: see below)
        await count.newgame(aoi, other, refused="2 open lobbies")
        bens = await count.newgame(ben)
        await count.newgame(chika, refused="This channel already has 3 open lobbies")
        await count.newgame(dana, refused="This channel already has 3 open lobbies")
        # A manager is exempt from the per-user limits.
        for game in ("kasane", "gogyo", "sakura"):
            await count.newgame(dana, other, game=game)
        # Seats in lobbies count like lobbies opened.
        assert isinstance(first, Message) and isinstance(second, Message)
        assert isinstance(bens, Message)
        await count.join(chika, first)
        await count.join(chika, bens)
        await count.join(chika, second, refused="2 open lobbies")
        # Games in play per user: Ben starts a game with two CPUs, then may not open another.
        await add_cpus(fake, ben, bens, 1)
        ben_game, _ = await start_from_lobby(fake, ben, bens)
        await count.newgame(ben, third, refused="already playing 1 games")
        # Chika sat in Ben's game: she may not start one more either (she joined a lobby
        # of Aoi's before, so she opens none).
        await count.join(chika, second, refused="already playing 1 games")
        # A game every human left counts against its host: Eri hosts Fumi and a CPU, then
        # replaces both humans with CPUs.
        eris = await count.newgame(eri, third)
        assert isinstance(eris, Message)
        await count.join(fumi, eris)
        await add_cpus(fake, eri, eris, 1)
        eri_game, eri_thread = await start_from_lobby(fake, eri, eris)
        await count.newgame(fumi, third, refused="already playing 1 games")
        for player in (fumi, eri):
            inter = await eri.slash("game replace", {"player": player}, channel=eri_thread)
            assert (await inter.response()).type == 4
        fumis = await count.newgame(fumi, third)  # Fumi left: the game no longer counts for her
        await count.newgame(eri, third, refused="already playing 1 games")  # but for its host
        # The cooldown between two /newgame (managers exempt).
        bot.settings.newgame_cooldown_seconds = 30
        text = await count.newgame(gina, fourth)
        assert isinstance(text, Message)
        refusal = await count.newgame(gina, third, refused="You can open another <t:")
        assert isinstance(refusal, str)
        await count.newgame(dana, third)
        # Nothing refused was created: lobbies exist only for the accepted /newgame.
        # Open: Aoi's 2, Dana's 4, Fumi's and Gina's; Ben's and Eri's started.
        lobbies = await bot.store.games(statuses=("lobby",))
        assert len(lobbies) == 8, len(lobbies)
        assert isinstance(fumis, Message)
        assert {ben_game, eri_game} == {g.id for g in await bot.store.games(statuses=("playing",))}
    print(
        f"\nquotas: {count.tried} tries, {count.refused} refused privately, "
        f"{len(count.limits)} limits hit ({'; '.join(sorted(count.limits))})"
    )


async def test_an_idle_lobby_closes_and_says_so(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    aoi, ben = (fake.add_user(n, locale="en-US") for n in ("Aoi", "Ben"))
    bot = quota_bot(fake, tmp_path / "db.sqlite3", lobby_expiry_minutes=0.03)
    async with fake.run_bot(bot):
        idle = await Counter(fake).newgame(aoi)
        assert isinstance(idle, Message)
        idle_id = game_id_of(idle)
        await wait_until(fake, lambda: "0.03" in fake.message(idle.id).text, "expiry")
        record = await bot.store.get(idle_id)
        assert record is not None and record.status == "abandoned"
        assert fake.message(idle.id).custom_ids == []
        # A lobby someone just used is not idle.
        busy = await Counter(fake).newgame(ben)
        assert isinstance(busy, Message)
        await asyncio.sleep(1.0)
        inter = await aoi.click(busy, custom_id(busy, r"lb:\d+:join"))
        assert (await inter.response()).type == 7
        await asyncio.sleep(1.0)  # 2 s after it opened, 1 s after the join
        assert not await bot.quotas.expire(game_id_of(busy))
        assert (await bot.store.get(game_id_of(busy))).status == "lobby"  # type: ignore[union-attr]
    print("\nlobby expiry: the idle lobby closed and said so; the one in use stayed open")


async def test_a_second_newgame_of_the_same_game_points_to_the_open_lobby(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A host who runs /newgame again for a game whose lobby they have open in the channel is
    pointed to that lobby (privately, in their language) instead of getting a twin beside it;
    another game, or another channel, opens a lobby as usual."""
    fake = fake_discord
    aoi = fake.add_user("Aoi", locale="en-US")
    ben = fake.add_user("Ben", locale="ja")
    other = fake.add_channel("other")
    bot = quota_bot(fake, tmp_path / "db.sqlite3")
    count = Counter(fake)

    async def noted(lobby: Message) -> bool:
        """The lobby's message is noted with its game (the link to it can be given)."""
        record = await bot.store.get(game_id_of(lobby))
        return record is not None and record.lobby_message_id == lobby.id

    async with fake.run_bot(bot):
        first = await count.newgame(aoi)
        assert isinstance(first, Message)
        await fake.wait_for(lambda: noted(first), 5, "the lobby's message noted")
        link = f"https://discord.com/channels/{first.guild_id}/{first.channel_id}/{first.id}"
        text = await count.newgame(aoi, refused=link)
        assert "Your 襲ノ色目" in text and "Start it or cancel it there." in text
        bens = await count.newgame(ben)  # someone else's lobby of the same game: a lobby
        assert isinstance(bens, Message)
        await fake.wait_for(lambda: noted(bens), 5, "the lobby's message noted")
        ja = await count.newgame(ben, refused=str(bens.id))
        assert "もう開いています" in ja
        assert isinstance(await count.newgame(aoi, game="gogyo"), Message)
        assert isinstance(await count.newgame(aoi, other), Message)
        lobbies = await bot.store.games(statuses=("lobby",))
        assert len(lobbies) == 4, [(g.game, g.host_id, g.channel_id) for g in lobbies]
