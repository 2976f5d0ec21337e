"""The sandbox page in a real browser: Playwright drives Chromium through a 襲ノ色目 game.

Needs the `playwright` package and a Chromium (Debian's `/usr/bin/chromium`, or the path in
`CHROMIUM`); `playwright install` is never needed. Without them the tests are skipped.
Screenshots go to `$SANDBOX_SCREENSHOTS` (default: the test's temporary folder).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import os
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.sandbox.runner import Sandbox
from bot.settings import Settings
from tests.e2e.harness import hand_messages, start_through_lobby

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = [
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="the playwright package is not installed (pip install -e '.[test]')",
    ),
    pytest.mark.skipif(
        not Path(CHROMIUM).is_file(),
        reason=f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)",
    ),
]

MOVE = re.compile(r"mv:(\d+):(\d+):(\d+):(.+)")


@pytest.fixture
async def page(tmp_path: Path) -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = await browser.new_context(viewport={"width": 1280, "height": 860})
            page = await context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            yield page
            assert errors == [], errors
        finally:
            await browser.close()


def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SANDBOX_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def run_command(page: Any, typed: str, options: dict[str, str]) -> None:
    """Type `/…` in the message bar, pick the command, fill its options (by the start of the
    choice's visible name), send, and wait until the bar is free again."""
    await page.click("#input")
    await page.keyboard.type(typed)
    await page.wait_for_selector("#command-menu .command-item.active")
    await page.keyboard.press("Enter")
    await page.wait_for_selector("#command-form:not([hidden])")
    for name, label in options.items():
        field = f'#command-form [data-option="{name}"]'
        value = await page.eval_on_selector(
            field, "(s, start) => [...s.options].find(o => o.text.startsWith(start)).value", label
        )
        await page.select_option(field, value=value)
    await page.click("#command-send")
    await page.wait_for_selector("#command-form", state="hidden")


async def open_thread(page: Any) -> None:
    """Go into the game's thread by its chip on the lobby message, as a person does. The
    channel's messages still move then (the game's first lines arrive, the list scrolls down),
    and a click can land where the chip was a moment before: the chip is clicked again until
    the page shows the thread."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    thread = page.locator("#channel-icon >> text=🧵")
    while not await thread.is_visible():
        # (Once the page has gone into the thread, the chip is no longer there to click.)
        with contextlib.suppress(PlaywrightTimeout):
            await page.locator("#messages .thread-chip").first.click(timeout=3000)
            await thread.wait_for(timeout=3000)


async def enabled_moves(page: Any) -> list[str]:
    return await page.eval_on_selector_all(
        '#messages button[data-custom-id^="mv:"]:not([disabled])',
        "buttons => buttons.map(b => b.dataset.customId)",
    )


def choose(moves: list[str], seat: int, after: int) -> str | None:
    """The move to play for `seat`: among its newest controls (newer than `after`), a meld when
    there is one, else the take of the highest row, else passing the meld. (The table carries
    the take buttons of whoever is to act, CPUs included.)"""
    parsed = [
        (int(m.group(2)), m.group(4), cid)
        for cid in moves
        if (m := MOVE.fullmatch(cid)) and int(m.group(3)) == seat
    ]
    fresh = [p for p in parsed if p[0] > after]
    if not fresh:
        return None
    newest = max(version for version, _, _ in fresh)
    actions = {action: cid for version, action, cid in fresh if version == newest}
    for prefix in ("meld.", "take."):
        found = sorted(a for a in actions if a.startswith(prefix))
        if found:
            return actions[found[-1] if prefix == "take." else found[0]]
    return actions.get("pass") or next(iter(actions.values()))


async def test_play_kasane_against_two_cpus_in_the_browser(page: Any, tmp_path: Path) -> None:
    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=0
    )
    shots = screenshots(tmp_path)
    async with Sandbox(settings) as sandbox:
        ben = next(u for u in sandbox.users if u.name == "Ben")
        await page.goto(sandbox.url + "?user=Ben")
        await page.wait_for_selector("#user-list .user-switch.active >> text=Ben")

        await run_command(page, "/newg", {"game": "襲ノ色目", "language": "English"})
        lobby = page.locator("#messages .msg").filter(has=page.locator(".embed")).last
        await lobby.locator(".reply-bar >> text=/newgame").wait_for()
        for _ in range(2):
            seats = await lobby.locator(".embed").inner_text()
            await lobby.locator("button.btn", has_text="Add CPU").click()
            await page.wait_for_function(
                "([seats]) => [...document.querySelectorAll('#messages .embed')]"
                ".some(e => e.innerText !== seats && e.innerText.includes('CPU'))",
                arg=[seats],
            )
        await lobby.locator("button.btn", has_text="Start").click()
        await open_thread(page)
        bot = sandbox.bot
        assert bot is not None
        (record,) = await bot.store.games(statuses=("playing",))
        seat = next(s.seat for s in record.seats if s.user_id == ben.id)
        # Ben opens his hand from the table once: a deal may give him no meld to make, and so
        # no hand brought up by a move of his.
        await page.locator(f'#messages button.btn[data-custom-id="hd:{record.id}"]').last.click()
        await page.locator(f'#messages button.btn[data-custom-id="hd:{record.id}:r"]').wait_for()

        # Play Ben's seat through the buttons the page shows, until the game is over.
        clicked, last, shot_taken = 0, -1, False
        final = page.locator("#messages .msg", has_text="🏆")
        # Waiting for progress, not for a time: the game is stuck only when its version has not
        # moved for a minute (a busy machine plays slowly).
        loop = asyncio.get_running_loop()
        seen, moved_at = -1, loop.time()
        while not await final.count():
            live = await bot.sessions.get(record.id)
            version = live.version if live is not None else seen + 1
            if version != seen:
                seen, moved_at = version, loop.time()
            assert loop.time() - moved_at < 60, f"the game stopped at version {seen}"
            move = choose(await enabled_moves(page), seat, last)
            if move is None:
                # A round ended: its summary waits for Ben's Next (on his hand).
                nexts = page.locator('#messages .msg.ephemeral button.btn[data-custom-id^="np:"]')
                if await nexts.count():
                    # (the hand may be redrawn under the click: it is tried again next time)
                    from playwright.async_api import Error as PlaywrightError

                    with contextlib.suppress(PlaywrightError):
                        await nexts.last.click(timeout=2000)
                await page.wait_for_timeout(30)
                continue
            last = int(MOVE.fullmatch(move).group(2))  # type: ignore[union-attr]
            await page.locator(f'button[data-custom-id="{move}"]').last.click()
            clicked += 1
            if ":meld." in move and not shot_taken:
                await page.wait_for_timeout(300)
                await page.screenshot(path=str(shots / "sandbox_kasane_hand.png"))
                shot_taken = True
        await page.screenshot(path=str(shots / "sandbox_kasane_final.png"))

        (record,) = await bot.store.games(statuses=("finished",))
        assert record.game == "kasane" and [s.is_cpu for s in record.seats].count(True) == 2
        actions = await bot.store.actions(record.id)
        mine = [a for _, s, a in actions if s == seat]
        takes = [a for a in mine if a.startswith("take.")]
        assert len(takes) == 12 and clicked == len(mine)  # each click played one move of Ben's
        result = await bot.store.result(record.id)
        assert result is not None
        text = await final.last.inner_text()
        assert f"{result['scores'][seat]}" in text and "Ben" in text
        # The hand was Ben's alone: it was shown to him as ephemeral messages in the thread.
        hands = hand_messages(ben, record.id)
        assert hands and all(m.ephemeral_for == ben.id for m in hands)
        assert sandbox.fake.violations == []
    print(f"sandbox browser game: {clicked} clicks, screenshots in {shots}")


async def test_two_users_selects_dms_and_privacy_in_the_browser(page: Any, tmp_path: Path) -> None:
    """色映に生へど until both humans passed: lobby option select, switching user, a hand by DM
    and one as an ephemeral message, two-card pass selects, and nobody seeing another's hand."""
    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=0
    )
    shots = screenshots(tmp_path)
    async with Sandbox(settings) as sandbox:
        fake, bot = sandbox.fake, sandbox.bot
        assert bot is not None
        aoi, ben = sandbox.users[:2]
        await page.goto(sandbox.url + "?user=Ben")
        await run_command(page, "/sett", {"hand": "Direct"})
        await page.locator("#messages .msg.ephemeral .ephemeral-note").wait_for()
        assert await bot.store.user_settings(ben.id) == ("dm", "en")

        await run_command(page, "/newg", {"game": "色映", "language": "English"})
        lobby = page.locator("#messages .msg", has=page.locator("button.btn >> text=Start")).last
        await lobby.wait_for()
        (record,) = await bot.store.games(statuses=("lobby",))
        option = lobby.locator(".select", has=page.locator(".option[data-value='on']"))
        await option.locator(".select-box").click()
        await option.locator(".option[data-value='on']").click()

        async def options_set() -> bool:
            current = await bot.store.get(record.id)
            return current is not None and current.options.get("open_minimums") is True

        await fake.wait_for(options_set, 10, "the lobby option")

        # Aoi, through the user list: she sees the lobby but not Ben's ephemeral answer.
        await page.locator("#user-list .user-switch", has_text="Aoi").click()
        await page.wait_for_selector("#me-name >> text=Aoi")
        await lobby.wait_for()
        assert await page.locator("#messages .msg.ephemeral").count() == 0
        await lobby.locator("button.btn", has_text="Join").click()
        await page.wait_for_function(
            "document.querySelector('#messages .embed').innerText.includes('@Aoi')"
        )
        await page.locator("#user-list .user-switch", has_text="Ben").click()
        await page.wait_for_selector("#me-name >> text=Ben")
        await lobby.locator("button.btn", has_text="Add CPU").click()
        await fake.wait_for(lambda: "CPU" in fake.message(lobby_id(fake)).text, 10, "the CPU")
        await lobby.locator("button.btn", has_text="Start").click()
        await open_thread(page)
        session = await bot.sessions.get(record.id)
        assert session is not None
        seats = {s.user_id: s.seat for s in session.record.seats}

        # Ben's hand goes to his DMs; the DM channel lights up in his sidebar.
        await page.locator("#messages button.btn[data-custom-id^='hd:']").last.click()
        dm = page.locator("#channels .channel.dm")
        await page.wait_for_selector("#channels .channel.dm.unread")
        await dm.click()
        await page.wait_for_selector("#channel-icon >> text=@")
        # The CPU passes at once: its pass redraws Ben's DM hand (a new version on its
        # controls), which would reset a select he was ticking. He picks once that is done.
        await settled(sandbox, record.id)
        await pass_two_cards(page, fake, bot, record.id, seats[ben.id])
        await page.screenshot(path=str(shots / "sandbox_irobae_dm.png"))

        # Aoi: her DMs are empty, Ben's hand is nowhere on her page, and hers is ephemeral.
        await page.locator("#user-list .user-switch", has_text="Aoi").click()
        await page.wait_for_selector("#me-name >> text=Aoi")
        await page.locator("#channels .channel.dm").click()
        await page.wait_for_selector("#messages .empty")
        await page.locator("#channels .channel.thread").click()
        await page.wait_for_selector("#channel-icon >> text=🧵")
        assert await page.locator("#messages .msg.ephemeral").count() == 0
        await page.locator("#messages button.btn[data-custom-id^='hd:']").last.click()
        await page.locator("#messages .msg.ephemeral .select").last.wait_for()
        await pass_two_cards(page, fake, bot, record.id, seats[aoi.id], shot=shots)
        shown = await page.eval_on_selector_all(
            "#messages .msg.ephemeral", "messages => messages.map(m => m.dataset.id)"
        )
        assert shown and {fake.message(i).ephemeral_for for i in shown} == {aoi.id}
        bens = [m.id for m in ben.ephemerals()]
        assert bens and not set(map(str, bens)) & set(shown)
        assert fake.violations == []


def lobby_id(fake: Any) -> int:
    return next(m.id for m in fake.channel_messages() if any(":start" in c for c in m.custom_ids))


async def pass_two_cards(
    page: Any, fake: Any, bot: Any, game_id: int, seat: int, *, shot: Path | None = None
) -> None:
    """Open the hand's pass select, tick its first two cards, close it, confirm the pass (it
    cannot be taken back, so it is played on a second click): the pass is stored."""
    select = page.locator(f".select[data-custom-id^='mk:{game_id}:'][data-custom-id$=':pass']").last
    await select.wait_for()
    assert await select.get_attribute("data-max") == "2"
    await select.locator(".select-box").click()
    options = select.locator(".option")
    await options.nth(0).click()
    await options.nth(1).click()
    assert "blocked" in (await options.nth(2).get_attribute("class") or "")  # two at most
    if shot is not None:
        await page.screenshot(path=str(shot / "sandbox_irobae_select.png"))
    await page.locator("#channel-header").click()  # closing the menu sends the choice
    confirm = page.locator(
        f"button.btn[data-custom-id^='mv:{game_id}:'][data-custom-id*=':pass.']"
    ).last

    async def passed() -> bool:
        return any(
            s == seat and a.startswith("pass.") for _, s, a in await bot.store.actions(game_id)
        )

    # The hand is drawn again as the game moves on (the pick stays, its Confirm carries the
    # new version): a click event, not a wait for stillness. A click that met a redraw on its
    # way (the page still showed the button of the version before) is refused by Discord as
    # a control the message no longer has, and is made again on the button as it is now.
    # A click that is only slow (a busy machine) is not made again once its Confirm is gone.
    for _ in range(3):
        await confirm.wait_for()
        await confirm.dispatch_event("click")
        with contextlib.suppress(AssertionError):
            await fake.wait_for(passed, 5, f"seat {seat}'s pass")
        if await passed() or not await confirm.count():
            break
    await fake.wait_for(passed, 20, f"seat {seat}'s pass")


PHONE = {"width": 390, "height": 844}
#: The issue's target: the table message with its buttons fits one phone screen.
PHONE_TABLE_TARGET = 844
#: Games whose table messages are made to leave headroom under it (a longer name, last move or
#: notice still fits), held to their own bound.
PHONE_TABLE_TARGETS = {"kasane": 780, "sakura": 810}


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def new_page(browser: Any, viewport: dict[str, int]) -> tuple[Any, list[str]]:
    context = await browser.new_context(viewport=viewport)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def table_selector(record: Any) -> str:
    """The CSS selector of the game's table message on the page."""
    return f'#messages .msg[data-id="{record.table_message_id}"]'


async def box(page: Any, selector: str) -> dict[str, float]:
    """The box of the first element the CSS `selector` finds, once it is displayed, measured in
    one step in the page: the page redraws a message whose content changed, so an element
    found a moment before can be gone by the time it is measured."""
    measured = await page.wait_for_function(
        """(selector) => {
          const found = document.querySelector(selector);
          if (!found) return null;
          const r = found.getBoundingClientRect();
          return r.width > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
        }""",
        arg=selector,
    )
    return await measured.json_value()


async def sidebar_on_screen(page: Any) -> bool:
    """Whether any of the channel list is inside the viewport and within reach."""
    return await page.evaluate(
        "() => { const s = document.querySelector('#sidebar');"
        " const r = s.getBoundingClientRect();"
        " return !s.inert && r.right > 1 && r.width > 0; }"
    )


async def start_game(sandbox: Sandbox, host: Any, game: str, language: str) -> Any:
    """A game of ``game`` at its largest player count: ``host`` and CPUs, table in ``language``.
    Returns its record once the table is posted."""
    from games import registry

    fake, bot = sandbox.fake, sandbox.bot
    assert bot is not None
    cpus = registry.get(game).max_players - 1
    game_id, _, _ = await start_through_lobby(fake, host, [], game, cpus=cpus, language=language)

    async def table_posted() -> Any:
        record = await bot.store.get(game_id)
        return record if record is not None and record.table_message_id else None

    return await fake.wait_for(table_posted, 15, f"the {game} table")


async def test_the_page_on_a_phone(browser: Any, tmp_path: Path) -> None:
    """At 390×844 the channel list folds away behind ☰, messages take the whole width, and
    the folded list still switches channels and users; at desktop width it stays open."""
    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=0
    )
    shots = screenshots(tmp_path)
    async with Sandbox(settings) as sandbox:
        ben = next(u for u in sandbox.users if u.name == "Ben")
        record = await start_game(sandbox, ben, "kasane", "en")

        phone, errors = await new_page(browser, PHONE)
        await phone.goto(sandbox.url + "?user=Ben")
        await phone.wait_for_selector("#me-name >> text=Ben", state="attached")
        await phone.locator("#messages .thread-chip").wait_for()
        assert not await sidebar_on_screen(phone)
        assert await phone.locator("#servers").is_hidden()
        messages = await box(phone, "#messages")
        assert messages["x"] == 0 and messages["width"] == PHONE["width"]
        lobby = await box(phone, "#messages .msg")
        assert lobby["x"] == 0 and lobby["width"] == PHONE["width"]
        assert await phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await phone.screenshot(path=str(shots / "sandbox_phone_channel.png"))

        # ☰ opens the list over the messages; choosing the thread folds it again.
        toggle = phone.locator("#sidebar-toggle")
        assert await toggle.is_visible()
        await toggle.click()
        await phone.wait_for_function("document.body.classList.contains('sidebar-open')")
        await phone.wait_for_timeout(300)  # the slide-in
        assert await sidebar_on_screen(phone)
        assert await toggle.get_attribute("aria-expanded") == "true"
        await phone.screenshot(path=str(shots / "sandbox_phone_sidebar.png"))
        await phone.locator("#channels .channel.thread").click()
        await phone.wait_for_selector("#channel-icon >> text=🧵")
        await phone.wait_for_timeout(300)
        assert not await sidebar_on_screen(phone)
        table_box = await box(phone, table_selector(record))
        assert table_box["x"] == 0
        assert table_box["width"] == PHONE["width"]
        assert await phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        buttons = await phone.eval_on_selector_all(
            "#messages .btn", "bs => bs.map(b => b.getBoundingClientRect().right)"
        )
        assert buttons and max(buttons) <= PHONE["width"]  # no button runs off the screen
        await phone.screenshot(path=str(shots / "sandbox_phone_thread.png"))

        # The backdrop closes the list too; switching user from it works.
        await toggle.click()
        await phone.wait_for_timeout(300)
        await phone.mouse.click(PHONE["width"] - 10, PHONE["height"] // 2)  # the backdrop
        await phone.wait_for_timeout(300)
        assert not await sidebar_on_screen(phone)
        await toggle.click()
        await phone.locator("#user-list .user-switch", has_text="Aoi").click()
        await phone.wait_for_selector("#me-name >> text=Aoi", state="attached")
        assert not await phone.evaluate("document.body.classList.contains('sidebar-open')")

        # The command bar on a phone: its menu and form stay on the screen.
        await phone.locator("#input").click()
        await phone.keyboard.type("/newg")
        menu = await box(phone, "#command-menu")
        assert menu["x"] >= 0 and menu["x"] + menu["width"] <= PHONE["width"]
        await phone.keyboard.press("Enter")
        form = await box(phone, "#command-form")
        assert form["x"] >= 0 and form["x"] + form["width"] <= PHONE["width"]
        await phone.screenshot(path=str(shots / "sandbox_phone_command.png"))
        assert errors == []

        desktop, errors = await new_page(browser, {"width": 1280, "height": 860})
        await desktop.goto(sandbox.url + "?user=Ben")
        await desktop.locator("#messages .thread-chip").wait_for()
        assert await sidebar_on_screen(desktop)
        assert await desktop.locator("#sidebar-toggle").is_hidden()
        sidebar = await box(desktop, "#sidebar")
        assert sidebar["x"] == 72 and sidebar["width"] == 240
        await desktop.screenshot(path=str(shots / "sandbox_desktop_channel.png"))
        assert errors == []
        assert sandbox.fake.violations == []


async def settled(sandbox: Sandbox, game_id: int, quiet: float = 0.3) -> None:
    """Until the game waits for a human (no CPU to act), its publisher is idle and nothing has
    changed on the fake Discord for ``quiet`` seconds: however slowly a busy machine plays the
    CPUs' moves, the table is then the one the human acts on."""
    bot, fake = sandbox.bot, sandbox.fake
    assert bot is not None
    loop = asyncio.get_running_loop()
    last_change, changes = loop.time(), fake.changes
    while True:
        session = await bot.sessions.get(game_id)
        waiting = session is None or not session.cpu_seats(session.state.to_act())
        if waiting and bot.publisher.idle(game_id):
            seen = fake.changes
            await asyncio.sleep(quiet)
            if fake.changes == seen:
                return
        else:
            await asyncio.sleep(0.05)
        if fake.changes != changes:
            last_change, changes = loop.time(), fake.changes
        # Stuck, rather than slow: nothing at all happened for a minute.
        assert loop.time() - last_change < 60, f"game {game_id} does not come to a human"


#: How many of the human's moves are played from the table (where it carries them) while
#: its height is measured: the table grows as hands, captures and the log fill up.
TABLE_TURNS = 8


async def table_height(page: Any, sandbox: Sandbox, table: str) -> float:
    """The height of the table message (CSS selector `table`) once the page shows the fake's
    latest state."""
    await page.wait_for_function(
        "v => state.version !== null && state.version >= v", arg=sandbox.fake.changes
    )
    await page.wait_for_timeout(50)
    found = await box(page, table)
    assert found["width"] == PHONE["width"]
    return float(found["height"])


def table_move(sandbox: Sandbox, record: Any, seat: int) -> str | None:
    """The first of ``seat``'s moves on the table message, if it carries any now."""
    message = sandbox.fake.message(record.table_message_id)
    moves = sorted(
        c for c in message.custom_ids if (m := MOVE.fullmatch(c)) and int(m.group(3)) == seat
    )
    buttons = [message.component(c) or {} for c in moves]
    enabled = [b["custom_id"] for b in buttons if b.get("type") == 2 and not b.get("disabled")]
    return enabled[0] if enabled else None


async def test_table_heights_on_a_phone(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table message with its buttons, at 390 px wide, for every title at its largest
    player count and in both languages: the tallest it was at the human seat's first turn
    (CPUs fill the other seats) and, where the table carries the human's moves, over the
    next :data:`TABLE_TURNS` of them (📖 reference and 📜 log buttons included). Printed, and
    held to one phone screen (844 px), or with headroom for the games that leave it."""
    from games import registry

    settings = Settings(
        discord_token="unused", database_path=tmp_path / "games.sqlite3", cpu_delay_seconds=0
    )
    shots = screenshots(tmp_path)
    heights: dict[tuple[str, str], float] = {}
    async with Sandbox(settings) as sandbox:
        bot = sandbox.bot
        assert bot is not None
        bot.lobby.new_seed = lambda: 16  # the same deals and CPU moves every run
        ben = next(u for u in sandbox.users if u.name == "Ben")
        page, errors = await new_page(browser, PHONE)
        await page.goto(sandbox.url + "?user=Ben")
        await page.wait_for_selector("#me-name >> text=Ben", state="attached")
        for game in registry.all():
            for language in ("ja", "en"):
                record = await start_game(sandbox, ben, game.id, language)
                await settled(sandbox, record.id)
                await page.evaluate("id => switchTo({ channel: id })", str(record.play_channel_id))
                table = table_selector(record)
                await page.wait_for_timeout(200)  # the fonts of a first drawing
                seat = next(s.seat for s in record.seats if s.user_id == ben.id)
                tallest, turns = await table_height(page, sandbox, table), 0
                # Where the table carries the human's moves, play some and keep the tallest.
                while turns < TABLE_TURNS and (move := table_move(sandbox, record, seat)):
                    await (await ben.click(record.table_message_id, move)).response()
                    await settled(sandbox, record.id)
                    record = await bot.store.get(record.id)  # the table may have moved down
                    assert record is not None
                    table = table_selector(record)
                    tallest, turns = (
                        max(tallest, await table_height(page, sandbox, table)),
                        turns + 1,
                    )
                heights[game.id, language] = tallest
                # Its picture whole: a taller window for a moment (the width is what counts).
                found = await box(page, table)
                tall = {"width": PHONE["width"], "height": int(found["height"]) + 120}
                await page.set_viewport_size(tall)
                shot = shots / f"phone_table_{game.id}_{language}.png"
                await page.locator(table).screenshot(path=str(shot))
                await page.set_viewport_size(PHONE)
        assert errors == []
        assert sandbox.fake.violations == []

    def limit(game_id: str) -> int:
        return PHONE_TABLE_TARGETS.get(game_id, PHONE_TABLE_TARGET)

    width, target = PHONE["width"], PHONE_TABLE_TARGET
    report = [f"Table message with its buttons at {width} px (target ≤ {target}):"]
    for (game_id, language), height in heights.items():
        players = registry.get(game_id).max_players
        over = height - limit(game_id)
        verdict = f"{over:+.0f} px over" if over > 0 else "fits"
        verdict += f" (≤ {limit(game_id)})" if limit(game_id) != target else ""
        report.append(f"  {game_id:<15} {language}  {players} players  {height:6.0f} px  {verdict}")
    with capsys.disabled():  # printed on every run, not only with -s
        print("\n" + "\n".join(report))
    too_tall = sorted(key for key, height in heights.items() if height > limit(key[0]))
    assert not too_tall, f"taller than a phone screen: {too_tall}"
