"""Records and ratings: places with ties, the Weng-Lin update, each seat's record kept with the
move that ends a game (or its abandoning), `/stats`' and `/leaderboard`'s queries, and the
rebuild of every rating from the records (`python -m bot recompute-ratings`).

The tests taking the `store` fixture run against both backends (PostgreSQL on a throwaway
server; skipped, saying why, where it is not installed)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.storage import ratings
from bot.storage.postgres import PostgresStore
from bot.storage.ratings import MIN_GAMES, Skill, places, rate
from bot.storage.records import SeatRecord, StaleVersion
from bot.storage.sqlite import SqliteStore
from tests.bot.stored import AnyStore, create_lobby, stand_in_move


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AnyStore]:
    """A new empty store of each backend."""
    opened: AnyStore
    if request.param == "sqlite":
        opened = await SqliteStore.open(tmp_path / "db.sqlite3")
    else:
        opened = await PostgresStore.open(request.getfixturevalue("postgres_url"))
    yield opened
    await opened.close()


def result(scores: Sequence[int], winners: Sequence[int], tiebreak: Sequence[int] = ()) -> dict:
    return {
        "scores": list(scores),
        "winners": list(winners),
        "breakdown": [{"points": score} for score in scores],
        "tiebreak": list(tiebreak),
        "details": {},
    }


#: Three people (ids 10, 11, 12) of server 1.
PEOPLE = [SeatRecord(0, "Aoi", 10), SeatRecord(1, "Ben", 11), SeatRecord(2, "Cho", 12)]


async def started(store: AnyStore, seats: Sequence[SeatRecord], **lobby: Any) -> int:
    """A game in play at version 0 with `seats`."""
    record = await create_lobby(store, seats=list(seats), **lobby)
    await store.start_game(record.id, players=len(seats), snapshot={"v": 0}, deadline=None)
    return record.id


async def finished(
    store: AnyStore, seats: Sequence[SeatRecord], outcome: dict, **lobby: Any
) -> int:
    """A game with `seats` that ends on its first move with `outcome`."""
    game_id = await started(store, seats, **lobby)
    await store.write_move(game_id, **stand_in_move(1, status="finished", result=outcome))
    return game_id


async def records_of(store: AnyStore, game_id: int) -> list[dict[str, Any]]:
    rows = await store._rows(
        "SELECT seat, user_id, cpu_level, name, outcome, place, score, margin, breakdown, rated, "
        "mu_after FROM seat_records WHERE game_id = ? ORDER BY seat",
        game_id,
    )
    return [dict(row) for row in rows]


async def all_ratings(store: AnyStore) -> list[tuple[Any, ...]]:
    rows = await store._rows(
        "SELECT guild_id, game, player, user_id, cpu_level, name, mu, sigma, ordinal, games "
        "FROM ratings ORDER BY guild_id, game, player"
    )
    return [tuple(row) for row in rows]


def test_places_share_first_among_winners_and_ties_among_the_rest() -> None:
    assert places(result([10, 30, 20], [1])) == [3, 1, 2]
    assert places(result([30, 30, 5, 5], [0, 1])) == [1, 1, 3, 3]
    # The title's tiebreak orders equal scores; equal on both, they share.
    assert places(result([8, 20, 8, 8], [1], tiebreak=[2, 0, 3, 2])) == [3, 1, 2, 3]


def test_the_winner_rises_the_last_falls_and_a_level_in_two_seats_moves_once() -> None:
    after = rate({}, ["user:1", "user:2", "user:3"], [1, 2, 3])
    winner, middle, last = (change for change in after.seats if change is not None)
    assert winner[1].ordinal > winner[0].ordinal == 0 and last[1].ordinal < last[0].ordinal
    assert winner[1].mu > middle[1].mu > last[1].mu
    assert {skill.games for skill in after.ratings.values()} == {1}
    # One person against two seats of one CPU level: the level is one player, seen twice.
    after = rate({}, ["user:1", "cpu:strong", "cpu:strong"], [1, 2, 3])
    assert set(after.ratings) == {"user:1", "cpu:strong"}
    level = after.ratings["cpu:strong"]
    assert level.games == 1 and level.mu < Skill().mu and level.sigma < Skill().sigma
    assert after.seats[1] == after.seats[2] == (Skill(), level)
    # A level against itself, or seats rated for nobody, rate no one.
    assert rate({}, ["cpu:strong", "cpu:strong", None], [1, 2, 3]).ratings == {}
    assert rate({}, ["user:1", None], [1, 2]).seats == [None, None]


async def test_a_finished_game_keeps_each_seat_and_rates_it(store: AnyStore) -> None:
    seats = [*PEOPLE[:2], SeatRecord(2, "CPU 1", None, "strong")]
    game_id = await finished(store, seats, result([25, 10, 18], [0]))
    kept = await records_of(store, game_id)
    assert [(r["user_id"], r["cpu_level"], r["name"]) for r in kept] == [
        (10, None, "Aoi"),
        (11, None, "Ben"),
        (None, "strong", "CPU 1"),
    ]
    assert [r["outcome"] for r in kept] == ["won", "lost", "lost"]
    assert [(r["place"], r["score"], r["margin"]) for r in kept] == [
        (1, 25, 7),
        (3, 10, -15),
        (2, 18, -7),
    ]
    assert kept[0]["breakdown"] == '{"points":25}'
    assert [r["rated"] for r in kept] == ["user:10", "user:11", "cpu:strong"]
    changes = await store.rating_changes(game_id)
    assert [(c.seat, c.name, c.before, c.games) for c in changes] == [
        (0, "Aoi", 0.0, 1),
        (1, "Ben", 0.0, 1),
    ]  # people only: the CPU level's change is not the end's to show
    assert changes[0].after > 0 > changes[1].after
    (aoi,) = await store.player_stats(1, 10)
    assert (aoi.game, aoi.games, aoi.wins, aoi.best_score, aoi.margin_sum) == (
        "kasane",
        1,
        1,
        25,
        7,
    )
    assert aoi.fair_share == pytest.approx(1 / 3) and aoi.cpu_met == {"strong": 1}
    assert aoi.rating is not None and aoi.rating.ordinal == pytest.approx(changes[0].after)


async def test_a_seat_left_to_a_cpu_and_an_abandoned_game_count_as_neither(
    store: AnyStore,
) -> None:
    game_id = await started(store, PEOPLE)
    replaced = await store.replace_seat(game_id, 2, "strong", "CPU (Cho)")
    assert replaced is not None
    await store.write_move(
        game_id, **stand_in_move(1, status="finished", result=result([5, 9, 30], [2]))
    )
    kept = await records_of(store, game_id)
    # Cho's seat is recorded as his, left: won by the CPU, but neither win nor loss for him,
    # and rated for nobody (the level did not play the whole game, nor did he).
    assert (kept[2]["user_id"], kept[2]["cpu_level"], kept[2]["name"]) == (12, "strong", "Cho")
    assert (kept[2]["outcome"], kept[2]["place"], kept[2]["rated"]) == ("left", 1, None)
    assert [c.seat for c in await store.rating_changes(game_id)] == [0, 1]
    (cho,) = await store.player_stats(1, 12)
    assert (cho.games, cho.wins, cho.left, cho.rating) == (0, 0, 1, None)
    assert not any(row[2] == "cpu:strong" for row in await all_ratings(store))
    # An abandoned game in play: every seat kept as abandoned, nobody rated.
    before = await all_ratings(store)
    abandoned = await started(store, PEOPLE)
    assert await store.abandon_game(abandoned) is not None
    kept = await records_of(store, abandoned)
    assert [(r["outcome"], r["place"], r["score"], r["mu_after"]) for r in kept] == [
        ("abandoned", None, None, None)
    ] * 3
    assert await all_ratings(store) == before
    (aoi,) = await store.player_stats(1, 10)
    assert (aoi.games, aoi.wins, aoi.abandoned) == (1, 0, 1)
    # Abandoning it again changes nothing; a lobby that never started leaves no record.
    assert await store.abandon_game(abandoned) is None
    lobby = await create_lobby(store)
    assert await store.abandon_game(lobby.id) is not None
    assert await records_of(store, lobby.id) == []
    assert len(await records_of(store, abandoned)) == 3


async def test_a_last_move_stored_twice_counts_once(store: AnyStore) -> None:
    game_id = await finished(store, PEOPLE, result([3, 2, 1], [0]))
    kept = await all_ratings(store)
    with pytest.raises(StaleVersion):
        await store.write_move(
            game_id, **stand_in_move(1, status="finished", result=result([3, 2, 1], [0]))
        )
    assert await all_ratings(store) == kept
    assert len(await records_of(store, game_id)) == 3


async def test_the_leaderboard_ranks_players_and_levels_after_the_minimum(
    store: AnyStore,
) -> None:
    strong = SeatRecord(2, "CPU 1", None, "strong")
    # Aoi beats Ben and the Strong CPU every time; Cho plays once (unranked).
    for _ in range(MIN_GAMES):
        await finished(store, [*PEOPLE[:2], strong], result([30, 10, 20], [0]))
    await finished(store, [PEOPLE[2], strong], result([1, 9], [1]))
    # Another server and another title are boards of their own.
    await finished(store, PEOPLE, result([1, 2, 3], [2]), guild_id=2)
    await finished(store, PEOPLE, result([1, 2, 3], [2]), game="gogyo")
    board = await store.leaderboard(1, "kasane", size=1, viewer=11)
    assert [(e.place, e.user_id, e.games) for e in board.top] == [(1, 10, MIN_GAMES)]
    # Beyond the top: every CPU level and the viewer, with their places.
    assert [(e.place, e.user_id, e.cpu_level) for e in board.beyond] == [
        (2, None, "strong"),
        (3, 11, None),
    ]
    assert board.beyond[0].games == MIN_GAMES + 1
    assert board.top[0].rating > board.beyond[0].rating > board.beyond[1].rating
    assert board.unranked == 1  # Cho
    everyone = await store.leaderboard(1, "kasane")
    assert [e.place for e in everyone.top] == [1, 2, 3] and everyone.beyond == []
    assert (await store.leaderboard(1, "sakura")).top == []


async def test_recompute_rebuilds_the_same_ratings(store: AnyStore) -> None:
    strong = SeatRecord(2, "CPU 1", None, "strong")
    games = [
        await finished(store, [*PEOPLE[:2], strong], result([30, 10, 20], [0])),
        await finished(store, PEOPLE, result([4, 4, 1], [0, 1])),
        await finished(store, [PEOPLE[1], strong], result([2, 9], [1]), game="gogyo"),
    ]
    abandoned = await started(store, PEOPLE)
    await store.abandon_game(abandoned)
    kept = await all_ratings(store)
    changes = [await store.rating_changes(game_id) for game_id in games]
    # Ratings lost, or from another system: rebuilt from the records.
    await store._run("UPDATE ratings SET mu = 1, sigma = 1, ordinal = -2, games = 99")
    await store._run("UPDATE seat_records SET mu_after = 7")
    assert await store.recompute_ratings() == (3, 6)
    assert await all_ratings(store) == kept
    assert [await store.rating_changes(game_id) for game_id in games] == changes
    assert await store.rating_changes(abandoned) == []


def test_recompute_ratings_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    path = tmp_path / "db.sqlite3"

    async def play() -> list[tuple[Any, ...]]:
        opened = await SqliteStore.open(path)
        try:
            await finished(opened, PEOPLE, result([3, 2, 1], [0]))
            return await all_ratings(opened)
        finally:
            await opened.close()

    kept = asyncio.run(play())
    assert main(["recompute-ratings", "--sqlite", str(path)]) == 0
    assert "1 game(s) rated again in order: 3 rating(s) rebuilt" in capsys.readouterr().out

    async def read() -> list[tuple[Any, ...]]:
        opened = await SqliteStore.open(path)
        try:
            return await all_ratings(opened)
        finally:
            await opened.close()

    assert asyncio.run(read()) == kept
    assert main(["recompute-ratings", "--sqlite", str(tmp_path / "none.sqlite3")]) == 2


def test_ratings_read_as_whole_numbers() -> None:
    assert ratings.rating_text(1234.4) == "1,234" and ratings.rating_text(-56.2) == "-56"
    assert ratings.change_text(1234.4, 1251.2) == "+17"
    assert ratings.change_text(10.2, 9.9) == "±0"
