"""Records and ratings end to end: `/stats` counts finished games, the end message names each
person's rating change, a seat left to a CPU and an abandoned game count as neither, and
`/leaderboard` ranks the server's players with the CPU levels among them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.i18n import messages as msg
from bot.sandbox.fakediscord import FakeDiscord, User
from bot.storage.ratings import MIN_GAMES, rating_text
from bot.storage.records import SeatRecord
from games import registry
from tests.e2e.harness import final_message, game_started, start_through_lobby
from tests.e2e.test_kasane_e2e import play_out

KASANE_EN = registry.get("kasane").name("en")
KASANE_JA = registry.get("kasane").name("ja")


async def private_answer(user: User, command: str, options: dict[str, Any] | None = None) -> str:
    """`command` run by `user`: its answer must be private; its text."""
    inter = await user.slash(command, options or {})
    answer = (await inter.response()).message
    assert answer is not None and answer.ephemeral
    return answer.text


async def seat_changes(bot: Any, game_id: int) -> list[dict[str, Any]]:
    """Each seat's place and rating before and after, as stored."""
    rows = await bot.store._rows(
        "SELECT seat, place, outcome, mu_before, mu_after, sigma_before, sigma_after "
        "FROM seat_records WHERE game_id = ? ORDER BY seat",
        game_id,
    )
    return [dict(row) for row in rows]


async def test_stats_count_finished_games_and_the_end_shows_rating_changes(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", "Hana:en-US Ben:ja", cpus=1, seed=7, language="en"
    ) as game:
        fake, bot, _, game_id, thread_id, (hana, ben) = game
        assert "has no finished games in this server yet" in await private_answer(hana, "stats")
        await play_out(fake, bot, {0: hana, 1: ben}, game_id, thread_id)
        final = await final_message(fake, thread_id)
        # Three seats: whoever finished first rose, whoever finished last fell (the CPU level
        # is rated like a person).
        seats = await seat_changes(bot, game_id)
        assert len(seats) == 3 and all(seat["mu_after"] is not None for seat in seats)
        first = [seat for seat in seats if seat["place"] == 1]
        last = [seat for seat in seats if seat["place"] == max(s["place"] for s in seats)]
        assert first and last and first != last
        assert all(seat["mu_after"] > seat["mu_before"] for seat in first)
        assert all(seat["mu_after"] < seat["mu_before"] for seat in last)
        # The end says each person's change in one line, in the table's language (English),
        # provisional before the minimum of games; the CPU's is not listed.
        changes = await bot.store.rating_changes(game_id)
        assert [change.name for change in changes] == ["Hana", "Ben"]
        line = next(x for x in final.text.splitlines() if x.startswith("📈 Ratings: "))
        for change in changes:
            sign = "+" if round(change.after) > 0 else ""
            shown = f"{change.name} 0 → {rating_text(change.after)} ({sign}"
            assert shown in line
        assert line.count("provisional") == 2 and "CPU" not in line
        # A second game, Hana against two CPUs.
        second, second_thread, _ = await start_through_lobby(fake, hana, [], "kasane", cpus=2)
        await play_out(fake, bot, {0: hana}, second, second_thread)
        await final_message(fake, second_thread)
        # /stats: privately, in the reader's language, two games for Hana, one for Ben.
        hana_stats = await private_answer(hana, "stats")
        assert "Hana's records" in hana_stats and KASANE_EN in hana_stats
        assert "2 games, " in hana_stats
        assert "CPUs met: 🤖 CPU (Strong) ×2" in hana_stats
        assert f"The rating shows after {MIN_GAMES} rated games (2 so far)." in hana_stats
        ben_stats = await private_answer(ben, "stats")
        assert "Benの戦績" in ben_stats and KASANE_JA in ben_stats and "1戦" in ben_stats
        # Anyone's, by name; only one title if asked.
        about_hana = await private_answer(ben, "stats", {"player": hana})
        assert "Hanaの戦績" in about_hana and "2戦" in about_hana
        gogyo = registry.get("gogyo").name("en")
        only = await private_answer(hana, "stats", {"game": "gogyo"})
        assert only == f"Hana has no finished games of {gogyo} in this server yet."
        # Nothing of it reached the channel or the thread.
        assert "records" not in fake.public_text()
        # The ratings rebuilt from the records are the ones kept game by game.
        kept = await bot.store._rows("SELECT player, mu, sigma, games FROM ratings ORDER BY 1")
        assert await bot.store.recompute_ratings() == (2, 3)
        again = await bot.store._rows("SELECT player, mu, sigma, games FROM ratings ORDER BY 1")
        assert [tuple(r) for r in again] == [tuple(r) for r in kept]


async def test_a_left_seat_and_an_abandoned_game_count_as_neither(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", "Aoi:en-US Ben:en-US", cpus=1, seed=8, language="en"
    ) as game:
        fake, bot, session, game_id, thread_id, (aoi, ben) = game
        # Ben leaves his seat to a CPU and does not come back: the CPU finishes it.
        inter = await ben.slash("game leave", {}, channel=thread_id)
        assert not (await inter.response()).ephemeral
        assert session.record.seats[1].away_user_id == ben.id
        await play_out(fake, bot, {0: aoi}, game_id, thread_id)
        final = await final_message(fake, thread_id)
        ratings_line = next(x for x in final.text.splitlines() if x.startswith("📈 "))
        assert "Aoi " in ratings_line and "Ben" not in ratings_line
        seats = await seat_changes(bot, game_id)
        assert seats[1]["outcome"] == "left" and seats[1]["mu_after"] is None
        ben_stats = await private_answer(ben, "stats")
        assert "No game played to the end yet." in ben_stats
        assert "Left to a CPU: 1 · abandoned: 0" in ben_stats and " wins" not in ben_stats
        # A game abandoned in play: recorded, counted for no one.
        lobby_game, lobby_thread, _ = await start_through_lobby(fake, aoi, [ben], "kasane", cpus=1)
        inter = await aoi.slash("game abandon", {}, channel=lobby_thread)
        question = (await inter.response()).message
        assert question is not None
        inter = await aoi.click(question, f"ab:{lobby_game}")
        assert (await inter.response()).type == 7
        record = await bot.store.get(lobby_game)
        assert record is not None and record.status == "abandoned"
        assert [s["outcome"] for s in await seat_changes(bot, lobby_game)] == ["abandoned"] * 3
        aoi_stats = await private_answer(aoi, "stats")
        assert "1 game, " in aoi_stats and "Left to a CPU: 0 · abandoned: 1" in aoi_stats
        ben_stats = await private_answer(ben, "stats")
        assert "Left to a CPU: 1 · abandoned: 1" in ben_stats


async def forged_title(fake: FakeDiscord, user: User, value: object) -> str:
    """`/leaderboard` sent with a `game` no client offers (Discord lets a forged one through);
    the private answer's text."""
    command = next(
        c for cmds in fake.commands.values() for c in cmds.values() if c["name"] == "leaderboard"
    )
    data = {
        "id": command["id"],
        "name": "leaderboard",
        "type": 1,
        "options": [{"name": "game", "type": 3, "value": value}],
    }
    inter = await fake._start_interaction(user, 2, fake._channel_arg(None), data)
    response = await inter.response()
    assert response.type == 4 and response.ephemeral
    return response.text


async def finished_records(bot: Any, guild_id: int, seats: list[SeatRecord], winner: int) -> None:
    """A kasane game of `seats` in this server, stored as finished with `winner` first (its end
    marked published: it has no thread to be published in)."""
    store = bot.store
    record = await store.create_game(
        game="kasane",
        guild_id=guild_id,
        channel_id=1,
        host_id=seats[0].user_id or 1,
        host_name=seats[0].name,
        language="en",
        seed=1,
        options={},
        cpu_level="strong",
        turn_seconds=0,
    )
    await store.set_seats(record.id, seats)
    await store.start_game(record.id, players=len(seats), snapshot={}, deadline=None)
    scores = [10 if seat.seat == winner else seat.seat for seat in seats]
    result = {"scores": scores, "winners": [winner], "breakdown": [], "tiebreak": []}
    await store.write_move(
        record.id,
        version=1,
        seat=0,
        action="x",
        by_cpu=False,
        snapshot={},
        deadline=None,
        result=result,
        status="finished",
    )
    await store.update_game(record.id, end_published=True)


async def test_the_leaderboard_lists_players_and_cpu_levels(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", "Hana:en-US Ben:ja Cho:en-US", seated=1, cpus=2
    ) as game:
        fake, bot, _, _, _, (hana, ben, cho) = game
        empty = await private_answer(hana, "leaderboard", {"game": "kasane"})
        assert f"Nobody has played {MIN_GAMES} rated games of {KASANE_EN}" in empty
        guild = fake.guild.id
        strong = SeatRecord(2, "CPU 1", None, "strong")
        expert = SeatRecord(2, "CPU 1", None, "expert")
        for n in range(MIN_GAMES):
            people = [SeatRecord(0, "Hana", hana.id), SeatRecord(1, "Ben", ben.id)]
            await finished_records(bot, guild, [*people, strong], winner=0)
            await finished_records(bot, guild, [*people, expert], winner=2 if n else 1)
        await finished_records(bot, guild, [SeatRecord(0, "Cho", cho.id), strong], winner=0)
        board = await private_answer(hana, "leaderboard", {"game": "kasane"})
        lines = board.splitlines()
        assert f"🏅 {KASANE_EN} leaderboard" in lines[0]
        ranked = [line for line in lines if line[:1].isdigit() or line.startswith("**")]
        names = [line.split(" — ")[0].split(". ", 1)[1] for line in ranked]
        # Expert won four of its five games, Strong lost to every person it met but Ben.
        assert names == ["🤖 CPU (Expert)", "🤖 CPU (Strong)", "Hana", "Ben"]
        assert "Cho" not in board  # one game: below the minimum
        assert "**3. Hana — " in board  # the reader's own line in bold
        assert "(6 games)" in board  # Strong met Cho too
        assert f"({2 * MIN_GAMES} games)" in board
        assert "1 player with fewer than 5 games not shown." in board
        assert f"shown as the conservative μ − 3σ once a player has {MIN_GAMES}" in board
        # In Japanese for a Japanese reader; a title nobody played is empty; a forged title is
        # refused.
        board = await private_answer(ben, "leaderboard", {"game": "kasane"})
        assert "🤖 CPU（強い）" in board and "🤖 CPU（達人）" in board and "ランキング" in board
        empty = await private_answer(hana, "leaderboard", {"game": "sakura"})
        assert "Nobody has played" in empty
        for forged in ("chess", 7, None):
            assert await forged_title(fake, hana, forged) == msg.ERROR_BAD_OPTION("en")
        # Records of another server are not this one's.
        await finished_records(bot, guild + 1, [SeatRecord(0, "Eve", 99), strong], winner=0)
        assert "Eve" not in await private_answer(hana, "leaderboard", {"game": "kasane"})
