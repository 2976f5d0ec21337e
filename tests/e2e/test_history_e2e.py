"""History end to end: `/game list` shows finished games with their results, `/game log` pages
a game's whole public log privately."""

from __future__ import annotations

import re
from pathlib import Path

from bot.history import pages_of, replayed_lines
from bot.sandbox.fakediscord import FakeDiscord, Message, User
from tests.e2e.harness import custom_id, game_started, table_message, wait_until
from tests.e2e.test_kasane_e2e import play_out

#: Hana plays in English; Ben reads the same games in Japanese.
PEOPLE = "Hana:en-US Ben:ja"


async def test_finished_games_are_listed_and_their_log_is_paged(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(
        fake_discord, tmp_path, "kasane", PEOPLE, seated=1, cpus=2, seed=7
    ) as game:
        fake, bot, _, game_id, thread_id, (hana, ben) = game
        await play_out(fake, bot, {0: hana}, game_id, thread_id)
        await wait_until(
            fake, lambda: any("🏆" in m.text for m in fake.channel_messages(thread_id)), "the end"
        )
        result = await bot.store.result(game_id)
        assert result is not None
        # /game list: the finished game, its winner and every player's score.
        inter = await hana.slash("game list")
        listed = (await inter.response()).message
        assert listed is not None and listed.ephemeral
        assert "Finished" in listed.text
        line = next(x for x in listed.text.splitlines() if x.startswith(f"#{game_id} "))
        record = await bot.store.get(game_id)
        assert record is not None
        winners = ", ".join(record.seats[w].name for w in result["winners"])
        assert f"🏆 {winners}" in line
        for info, score in zip(record.seats, result["scores"], strict=True):
            assert f"{info.name} {score}" in line
        # /game log in the thread: privately, the newest page first, in the reader's language.
        expected = replayed_lines(record, await bot.store.actions(game_id), "en")
        pages = len(pages_of([f"• {text}" for text in expected]))
        assert pages > 1  # a whole game takes several pages
        inter = await hana.slash("game log", channel=thread_id)
        page = (await inter.response()).message
        assert page is not None and page.ephemeral
        assert f"Page {pages}/{pages}" in page.text
        seen = page.embed["description"].splitlines()  # type: ignore[index]
        # ◀ goes back a page by editing the same private message, down to the first one.
        while True:
            back = custom_id(page, r"lg:\d+:-?\d+:p")
            if page.component(back).get("disabled"):  # type: ignore[union-attr]
                break
            inter = await hana.click(page, back)
            assert (await inter.response()).type == 7
            page = fake.message(page.id)
            seen = page.embed["description"].splitlines() + seen  # type: ignore[index]
        assert "Page 1/" in page.text
        assert seen == [f"• {text}" for text in expected]
        # A Japanese reader gets it in Japanese; an unknown game is refused.
        inter = await ben.slash("game log", {"id": game_id})
        assert "全記録" in (await inter.response()).message.text  # type: ignore[union-attr]
        inter = await ben.slash("game log", {"id": game_id + 100})
        refused = (await inter.response()).message
        assert refused is not None and refused.ephemeral and "全記録" not in refused.text


async def test_reference_and_log_buttons_answer_privately_in_the_readers_language(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    async with game_started(fake_discord, tmp_path, "kasane", PEOPLE, cpus=1, seed=7) as game:
        fake, _, _, game_id, thread_id, (hana, ben) = game
        table = table_message(fake, game_id, thread_id)
        # The table keeps reference off itself: the yaku conditions are behind 📖.
        assert "sum to exactly 10" not in table.text and "合計がちょうど10" not in table.text
        reference = await read_all_pages(fake, hana, table, f"ti:{game_id}:ref")
        assert "numbers sum to exactly 10" in reference  # 拾's condition
        assert "2 cards → " in reference and "`2:1 ○○`" in reference
        reference = await read_all_pages(fake, ben, table, f"ti:{game_id}:ref")
        assert "合計がちょうど10" in reference
        # 📜 gives the whole log so far, privately; it replaces Ben's reference: one reading
        # of the game is open at a time.
        inter = await ben.click(table, f"ti:{game_id}:log")
        answer = (await inter.response()).message
        assert answer is not None and answer.ephemeral and "全記録" in answer.text
        await wait_until(fake, lambda: len(ben.ephemerals()) == 1, "the reference gone")
        assert ben.ephemerals()[0].id == answer.id
        # A refusal is a reading too: it replaces the log ("take my seat back" while Ben holds
        # his seat).
        stale = await ben.click_raw(table.id, table.channel_id, f"rs:{game_id}")
        refusal = await stale.response()
        assert refusal.type == 4 and refusal.ephemeral
        await wait_until(
            fake, lambda: [m.id for m in ben.ephemerals()] == [refusal.message.id], "the log gone"
        )  # type: ignore[union-attr]
        # Nothing of this reached the thread.
        assert all("全記録" not in m.text for m in fake.channel_messages(thread_id))


async def read_all_pages(fake: FakeDiscord, user: User, table: Message, cid: str) -> str:
    """Click `cid` on the table, then ▶ through every page of the private answer (each page a
    phone's screen: editing the same message); the text of every page."""
    inter = await user.click(table, cid)
    answer = (await inter.response()).message
    assert answer is not None and answer.ephemeral
    texts = [answer.text]
    while (forward := [c for c in answer.custom_ids if re.fullmatch(r"lg:\d+:\d+:n:r", c)]) and (
        not answer.component(forward[0]).get("disabled")  # type: ignore[union-attr]
    ):
        assert (await (await user.click(answer, forward[0])).response()).type == 7
        answer = fake.message(answer.id)
        texts.append(answer.text)
    return "\n".join(texts)
