"""Self-test of the fake Discord server with a tiny real discord.py bot."""

from __future__ import annotations

import asyncio
import copy
import io
import json
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, Self

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from bot.sandbox.fakediscord import FakeDiscord, check_commands, check_message, spec
from bot.sandbox.fakediscord.pytest_plugin import fake_discord, fake_discord_options

__all__ = ["fake_discord", "fake_discord_options"]


class Numbered(discord.ui.DynamicItem[discord.ui.Button], template=r"numbered:(?P<n>[0-9]+)"):
    """A persistent button whose custom_id carries a number `n` (as `<kind>:<n>`): each kind is
    a subclass, with its own template, that makes its button from `n` alone."""

    def __init__(self, n: int, button: discord.ui.Button) -> None:
        super().__init__(button)
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> Self:
        return cls(int(match["n"]))  # type: ignore[call-arg]

    def next_view(self) -> discord.ui.View:
        """A view holding the button of the same kind numbered `n + 1`."""
        view = discord.ui.View(timeout=None)
        view.add_item(type(self)(self.n + 1))  # type: ignore[call-arg]
        return view


class Counter(Numbered, template=r"counter:(?P<n>[0-9]+)"):
    def __init__(self, n: int) -> None:
        label, style = f"+1 ({n})", discord.ButtonStyle.primary
        super().__init__(n, discord.ui.Button(label=label, style=style, custom_id=f"counter:{n}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"count={self.n + 1}", view=self.next_view()
        )


class RawView(discord.ui.View):
    """Sends hand-written components (to break limits discord.py itself does not check)."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.raw = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.raw


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="game:pick",
        options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"picked {select.values[0]}", view=None)


class AnswerModal(discord.ui.Modal, title="Question"):
    answer = discord.ui.TextInput(label="Answer", custom_id="answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"answer={self.answer.value}", ephemeral=True)


class MiniBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.results: dict[str, Any] = {}
        self.release = asyncio.Event()
        self._add_commands()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        await self.tree.sync()

    def _add_commands(self) -> None:
        tree, results = self.tree, self.results

        @tree.command(name="hello", description="Say hello")
        async def hello(interaction: discord.Interaction, name: str) -> None:
            results["locales"] = (interaction.locale.value, interaction.guild_locale.value)
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            await interaction.response.send_message(f"Hello {name}", ephemeral=True, view=view)

        @tree.command(name="announce", description="Post a table and open a thread")
        async def announce(interaction: discord.Interaction, title: str) -> None:
            await interaction.response.send_message("posted", ephemeral=True)
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            embed = discord.Embed(title=title, description="Table", colour=0x8E44AD)
            embed.add_field(name="Seats", value="0/4").set_footer(text="footer")
            message = await interaction.channel.send(embed=embed, view=view)
            thread = await message.create_thread(name=f"{title} lobby")
            await thread.send("welcome")

        @tree.command(name="dm", description="Send a private hand")
        async def dm(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("secret hand")
            except discord.Forbidden as exc:
                await interaction.response.send_message(f"closed:{exc.code}", ephemeral=True)
            else:
                await interaction.response.send_message("sent", ephemeral=True)

        @tree.command(name="twice", description="Acknowledge twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            interaction.response._response_type = None  # force a second real callback
            try:
                await interaction.response.send_message("second")
            except discord.HTTPException as exc:
                results["twice"] = exc.code

        @tree.command(name="bad", description="Break a limit")
        @app_commands.choices(
            kind=[app_commands.Choice(name=k, value=k) for k in ("custom_id", "options")]
        )
        async def bad(interaction: discord.Interaction, kind: str) -> None:
            if kind == "custom_id":
                view = discord.ui.View()
                view.add_item(discord.ui.Button(label="bad", custom_id="x" * 101))
            else:
                options = [{"label": str(i), "value": str(i)} for i in range(26)]
                row = {"type": 1, "components": [{"type": 3, "custom_id": "p", "options": options}]}
                view = RawView([row])
            try:
                await interaction.response.send_message("bad", view=view)
            except discord.HTTPException as exc:
                results.setdefault("bad", []).append((exc.status, exc.code))
            await interaction.response.send_message("fallback", ephemeral=True)

        async def once_released(name: str, answer: Callable[[], Awaitable[object]]) -> None:
            """Answer once the test sets `release`; Discord's error code goes to `results`."""
            await self.release.wait()
            try:
                await answer()
            except discord.HTTPException as exc:
                results[name] = exc.code

        @tree.command(name="slow", description="Defer, then answer when released")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            await once_released("slow", lambda: interaction.followup.send("done"))

        @tree.command(name="late", description="Answer only when released")
        async def late(interaction: discord.Interaction) -> None:
            await once_released("late", lambda: interaction.response.send_message("late"))

        @tree.command(name="think", description="Deferred answer with a followup")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.edit_original_response(content="thought")
            await interaction.followup.send("secret", ephemeral=True)

        @tree.command(name="form", description="Open a modal")
        async def form(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(AnswerModal())

        @tree.command(name="admin", description="Admins only")
        @app_commands.default_permissions(manage_guild=True)
        async def admin(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("admin ok", ephemeral=True)

        async def game_names(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ("kasane", "gogyo", "sakura")
            return [app_commands.Choice(name=n, value=n) for n in names if current in n]

        @tree.command(name="rules", description="Show the rules of a game")
        @app_commands.autocomplete(game=game_names)
        async def rules(interaction: discord.Interaction, game: str) -> None:
            await interaction.response.send_message(f"rules of {game}", ephemeral=True)

        game = app_commands.Group(name="game", description="Games")

        @game.command(name="list", description="List the games")
        async def game_list(interaction: discord.Interaction, page: int = 1) -> None:
            await interaction.response.send_message(f"page {page}", view=PickView())

        tree.add_command(game)


@pytest_asyncio.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[MiniBot]:
    async with fake_discord.run_bot(MiniBot()) as running:
        yield running


async def test_ready_and_guild_flow(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    assert bot.user is not None and bot.user.id == fake.bot_user_id
    assert bot.application_id == fake.application_id
    guild = bot.get_guild(fake.guild.id)
    assert guild is not None and guild.preferred_locale is discord.Locale.japanese
    assert guild.get_channel(fake.channel.id) is not None
    assert guild.me.guild_permissions.send_messages
    assert fake.gateway.identifies == 1 and fake.gateway.heartbeats >= 1
    assert fake.gateway.compression == ["zlib-stream"]
    assert len(fake.command_syncs) == 1 and fake.command_syncs[0][0] is None
    names = {name for _, name in fake.commands[None]}
    assert {"hello", "announce", "game", "admin"} <= names
    assert fake.unexpected_requests == [] and fake.violations == []


async def test_slash_ephemeral_then_dynamic_button_update(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    fake = fake_discord
    alice, bob = fake.add_user("Alice", "ja"), fake.add_user("Bob", "en-US")
    inter = await alice.slash("hello", {"name": "Ali"})
    response = await inter.response()
    assert response.type == 4 and response.ephemeral
    assert bot.results["locales"] == ("ja", "ja")
    message = response.message
    assert message.content == "Hello Ali" and message.custom_ids == ["counter:0"]
    assert alice.ephemerals() == [message] and bob.ephemerals() == []
    assert fake.channel_messages() == []
    with pytest.raises(AssertionError, match="cannot see"):
        await bob.click(message, "counter:0")
    with pytest.raises(AssertionError, match="no component"):
        await alice.click(message, "counter:7")
    click = await alice.click(message, label="+1 (0)")
    assert (await click.response()).type == 7
    assert fake.message(message.id).content == "count=1"
    assert message.custom_ids == ["counter:1"] and len(message.history) == 1
    # click_raw skips the checks; discord.py itself drops a DynamicItem click whose
    # custom_id is not on the message, so the forged click is never answered.
    forged = await alice.click_raw(message.id, message.channel_id, "counter:41")
    await fake.wait_for(lambda: forged.dispatched_at is not None)
    await asyncio.sleep(0.2)
    assert not forged.acknowledged and message.content == "count=1"
    forged.age(5)
    fake.check_deadlines()
    assert [v.kind for v in fake.take_violations()] == ["no_response"]


async def test_channel_embed_thread_and_subcommand(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    inter = await alice.slash("announce", {"title": "Kasane"})
    await inter.response()
    table = await fake.wait_for(lambda: fake.channel_messages()[:1])
    message = table[0]
    assert message.embed["title"] == "Kasane" and message.embed["fields"][0]["value"] == "0/4"
    thread = await fake.wait_for(lambda: fake.thread_for(message))
    assert thread.parent_id == fake.channel.id and thread.name == "Kasane lobby"
    welcome = await fake.wait_for(lambda: fake.channel_messages(thread))
    assert [m.content for m in welcome] == ["welcome"]
    await (await bob.click(message, "counter:0")).response()
    assert fake.channel_messages()[0].content == "count=1"
    assert "count=1" in fake.public_text() and "Hello" not in fake.public_text()
    assert fake.request_counts()["POST /channels/{channel_id}/messages/{message_id}/threads"] == 1

    listing = await alice.slash("game list", {"page": 2})
    menu = (await listing.response()).message
    assert menu.content == "page 2"
    with pytest.raises(AssertionError, match="not options"):
        await alice.select(menu, "game:pick", ["z"])
    choice = await alice.select(menu, "game:pick", ["b"])
    assert (await choice.response()).type == 6
    await fake.wait_for(lambda: menu.content == "picked b")
    assert menu.components == []


async def test_deferred_thinking_followup_and_modal(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    fake = fake_discord
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    inter = await alice.slash("think")
    assert (await inter.response()).type == 5
    original = await inter.wait_original()
    assert original.content == "thought" and not original.ephemeral
    followup = (await fake.wait_for(lambda: inter.followups))[0]
    assert followup.ephemeral and followup in alice.ephemerals() and bob.ephemerals() == []

    opened = await alice.slash("form")
    assert (await opened.response()).type == 9
    submitted = await alice.submit_modal(opened, {"answer": "42"})
    assert (await submitted.response()).message.content == "answer=42"


async def test_second_acknowledgement_gets_40060(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    alice = fake.add_user("Alice")
    await (await alice.slash("twice")).response()
    await fake.wait_for(lambda: "twice" in bot.results)
    assert bot.results["twice"] == 40060
    assert [v.kind for v in fake.take_violations("double_ack")] == ["double_ack"]


async def test_limit_violations_are_rejected_and_recorded(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    fake = fake_discord
    alice = fake.add_user("Alice")
    for kind in ("custom_id", "options"):
        inter = await alice.slash("bad", {"kind": kind})
        assert (await inter.response()).message.content == "fallback"
    assert bot.results["bad"] == [(400, 50035), (400, 50035)]
    found = fake.take_violations("limits")
    assert len(found) == 2
    assert "custom_id" in found[0].message and "options" in found[1].message
    with pytest.raises(AssertionError, match="not one of the choices"):
        await alice.slash("bad", {"kind": "nope"})


async def test_gateway_drop_resume_and_reidentify(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    alice = fake.add_user("Alice")
    await fake.drop_gateway()
    buffered = await alice.slash("hello", {"name": "while down"})
    await fake.wait_for(lambda: fake.gateway.resumes >= 1, what="a RESUME")
    assert (await buffered.response()).message.content == "Hello while down"
    assert fake.gateway.identifies == 1 and 4000 in fake.gateway.closes
    again = await alice.slash("hello", {"name": "after"})
    assert (await again.response()).message.content == "Hello after"

    await fake.invalidate_session(resumable=False)
    await fake.wait_for(lambda: fake.gateway.identifies == 2, what="a new IDENTIFY")
    await fake.wait_for(bot.is_ready)
    fresh = await alice.slash("hello", {"name": "fresh"})
    assert (await fresh.response()).message.content == "Hello fresh"


async def test_bot_restart_keeps_server_state(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice = fake.add_user("Alice")
    async with fake.run_bot(MiniBot()):
        await (await alice.slash("announce", {"title": "T"})).response()
        table = (await fake.wait_for(lambda: fake.channel_messages()[:1]))[0]
        thread = await fake.wait_for(lambda: fake.thread_for(table))
        await fake.wait_for(lambda: fake.channel_messages(thread))
    with pytest.raises(RuntimeError, match="no bot"):
        await alice.slash("hello", {"name": "offline"})
    async with fake.run_bot(MiniBot()):
        click = await alice.click(table, "counter:0")
        assert (await click.response()).type == 7 and table.content == "count=1"
    assert fake.gateway.identifies == 2 and len(fake.command_syncs) == 2


async def test_expired_token_and_late_first_response(
    fake_discord: FakeDiscord, bot: MiniBot
) -> None:
    fake = fake_discord
    alice = fake.add_user("Alice")
    slow = await alice.slash("slow")
    assert (await slow.response()).type == 5
    slow.age(16 * 60)
    late = await alice.slash("late")
    await fake.wait_for(lambda: late.dispatched_at is not None)
    late.age(3.5)
    bot.release.set()
    await fake.wait_for(lambda: {"slow", "late"} <= set(bot.results))
    assert bot.results == {"slow": 50027, "late": 10062}
    assert len(fake.take_violations("late_response")) == 1
    assert {r.error_code for r in fake.errors} == {50027, 10062}


async def test_dms_and_closed_dms(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    bob.close_dms()
    assert (await (await alice.slash("dm")).response()).message.content == "sent"
    assert [m.content for m in alice.dms()] == ["secret hand"]
    assert (await (await bob.slash("dm")).response()).message.content == "closed:50007"
    assert bob.dms() == [] and fake.errors[-1].status == 403
    carriers = [r for r in fake.requests if "secret hand" in r.body_text]
    assert {r.route for r in carriers} == {"POST /channels/{channel_id}/messages"}
    assert [fake.message(i).public for r in carriers for i in r.message_ids] == [False]
    assert "secret hand" not in fake.public_text() and set(fake.dm_channels) == {alice.id, bob.id}
    assert all("secret hand" not in m.text for m in bob.visible_messages())


async def test_admin_command_and_autocomplete(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    bob, carol = fake.add_user("Bob"), fake.add_user("Carol", manage_guild=True)
    with pytest.raises(AssertionError, match="lacks permissions"):
        await bob.slash("admin")
    with pytest.raises(AssertionError, match="not registered"):
        await carol.slash("nonexistent")
    typed = await bob.autocomplete("rules", {"game": "sak"}, "game")
    assert (await typed.response()).choices == [{"name": "sakura", "value": "sakura"}]
    assert (await (await carol.slash("admin")).response()).message.content == "admin ok"


async def test_unknown_route_is_recorded(fake_discord: FakeDiscord, bot: MiniBot) -> None:
    fake = fake_discord
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/nowhere/{x}", x=1))
    assert [r.path for r in fake.unexpected_requests] == ["/api/v10/nowhere/1"]
    fake.unexpected_requests.clear()


def test_explicit_limits_without_spec() -> None:
    button = {"type": 2, "style": 1, "label": "b", "custom_id": "same"}
    rows = [{"type": 1, "components": [dict(button, custom_id=f"r{i}") for i in range(6)]}]
    rows += [{"type": 1, "components": [button]} for _ in range(5)]
    rows.append({"type": 1, "components": [{"type": 3, "custom_id": "s", "options": []}, button]})
    embed = {"title": "t" * 257, "fields": [{"name": "n", "value": "v" * 1025}] * 26}
    body = {"content": "c" * 2001, "components": rows, "embeds": [embed] * 11}
    problems = [str(p) for p in check_message(body)]
    text = "\n".join(problems)
    for expected in (
        "content: Must be 2000",
        "embeds: Must be 10",
        "Embed size exceeds",
        "embeds.0.title",
        "embeds.0.fields: Must be 25",
        "value: Must be between 1 and 1024",
        "components: Must be 5",
        "components.0.components: Must be 5",
        "custom id cannot be duplicated",
        "must be alone",
    ):
        assert expected in text, expected
    assert check_message({}) and check_message({}, partial=True) == []
    assert check_commands([{"name": "Bad Name", "description": "d"}])


def test_missing_spec_is_skipped_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setenv(spec.ENV_VAR, str(tmp_path / "absent.json"))
    monkeypatch.setattr(spec, "_REPO_ROOT", tmp_path / "repo")
    monkeypatch.setattr(spec, "_warned", False)
    with pytest.warns(UserWarning, match="schema checks are skipped"):
        assert spec.load_spec_validator() is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert spec.load_spec_validator() is None
    assert FakeDiscord(spec=None).spec is None


def test_spec_catches_what_limits_do_not() -> None:
    validator = spec.load_spec_validator()
    if validator is None:
        pytest.skip("Discord OpenAPI spec not available")
    path = "/channels/{channel_id}/messages"
    assert validator.validate("POST", path, {"content": "hi", "tts": False}) == []
    problems = validator.validate("POST", path, {"content": 5, "embeds": [{"color": -1}]})
    assert problems and all(p.path[0] in ("content", "embeds") for p in problems)
    assert validator.validate("POST", "/users/@me/channels", {"recipient_id": 123}) == []


def test_quick_unions_accept_and_refuse_what_the_spec_does() -> None:
    """The validator checks the spec's constant and tagged unions as `enum` and `if`/`then`
    (`spec._quick_unions`): over a table's answer and every change of one of its values (each
    key of each object, and its `type`, set to each of a few values, or removed), it finds a
    body valid exactly when the spec as published does."""
    path = spec.find_spec_path()
    if path is None or spec.jsonschema is None:
        pytest.skip("Discord OpenAPI spec not available")
    document = json.loads(path.read_text(encoding="utf-8"))
    quick = spec.SpecValidator(document)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spec, "_quick_unions", lambda doc: None)
        published = spec.SpecValidator(document)
    button = {
        "type": 2,
        "style": 2,
        "label": "5",
        "custom_id": "mv:1:2:0:p.5",
        "emoji": {"name": "🌸"},
    }
    select = {"type": 3, "custom_id": "ms:1:2:0:0:x", "options": [{"label": "a", "value": "a"}]}
    answer = {
        "type": 7,
        "data": {
            "components": [
                {"type": 1, "components": [button]},
                {"type": 1, "components": [select]},
            ],
        },
    }
    route = "/interactions/{interaction_id}/{interaction_token}/callback"
    values: list[Any] = [0, 1, 2, 3, 6, 99, None, "2", "x" * 120, {}]

    def objects(node: Any) -> Iterator[dict[str, Any]]:
        if isinstance(node, dict):
            yield node
        for child in node.values() if isinstance(node, dict) else node:
            if isinstance(child, dict | list):
                yield from objects(child)

    changed: list[dict[str, Any]] = []
    for index, node in enumerate(objects(answer)):
        for key in {*node, "type"}:
            for value in [*values, KeyError]:
                body = copy.deepcopy(answer)
                target = list(objects(body))[index]
                if value is KeyError:
                    target.pop(key, None)
                else:
                    target[key] = value
                changed.append(body)
    verdicts = {True: 0, False: 0}
    for body in changed:
        valid = not published.validate("POST", route, body)
        assert (not quick.validate("POST", route, body)) == valid, body
        verdicts[valid] += 1
    assert quick.validate("POST", route, answer) == [] and all(verdicts.values()), verdicts


class LayoutPanel(discord.ui.LayoutView):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        container = discord.ui.Container(accent_colour=0x8E44AD)
        container.add_item(discord.ui.TextDisplay("# 襲ノ色目\nround 1"))
        container.add_item(discord.ui.Separator())
        go = discord.ui.Button(label="go", custom_id="v2:go")
        container.add_item(discord.ui.Section(discord.ui.TextDisplay("seat"), accessory=go))
        row = discord.ui.ActionRow()
        row.add_item(discord.ui.Button(label="a", custom_id="v2:a"))
        row.add_item(discord.ui.Button(label="rules", url="https://example.com/rules"))
        container.add_item(row)
        self.add_item(container)


class ClassicPanel(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.add_item(discord.ui.Button(label="桜", emoji="🌸", custom_id="c:e"))
        self.add_item(discord.ui.Button(emoji=discord.PartialEmoji(name="k", id=1234567890)))
        self.add_item(discord.ui.Button(label="link", url="https://example.com/x"))
        self.add_item(discord.ui.Button(label="off", custom_id="c:d", disabled=True))
        self.add_item(discord.ui.UserSelect(custom_id="c:us", min_values=0, max_values=3, row=1))
        self.add_item(
            discord.ui.ChannelSelect(
                custom_id="c:cs", channel_types=[discord.ChannelType.text], row=2
            )
        )
        self.add_item(discord.ui.RoleSelect(custom_id="c:rs", row=3, placeholder="roles"))
        options = [discord.SelectOption(label=f"o{i}", value=f"v{i}") for i in range(25)]
        self.add_item(discord.ui.Select(custom_id="c:s", row=4, max_values=2, options=options))


class LabelModal(discord.ui.Modal, title="モーダル"):
    text = discord.ui.TextInput(label="Answer", style=discord.TextStyle.paragraph, max_length=200)
    pick = discord.ui.Label(
        text="Pick",
        component=discord.ui.Select(
            custom_id="m:s", options=[discord.SelectOption(label="a", value="a")]
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        picked = self.pick.component.values  # type: ignore[attr-defined]
        await interaction.response.send_message(f"{self.text.value}/{picked}", ephemeral=True)


class SurveyBot(commands.Bot):
    """Uses a broad set of discord.py features; none may trip the validation."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.guild_id = guild_id
        self.done = asyncio.Event()
        games = [app_commands.Choice(name="襲ノ色目", value="kasane")]

        @self.tree.command(name="newgame", description="New game")
        @app_commands.describe(game="which game")
        @app_commands.choices(game=games)
        async def newgame(
            interaction: discord.Interaction,
            game: str,
            players: app_commands.Range[int, 2, 6] = 4,
            cpu: bool = False,
            rival: discord.Member | None = None,
            where: discord.TextChannel | None = None,
        ) -> None:
            embed = (
                discord.Embed(title="t", description="d", url="https://example.com", colour=1)
                .set_author(name="a", icon_url="https://example.com/a.png")
                .set_thumbnail(url="https://example.com/t.png")
                .add_field(name="f", value="v", inline=False)
                .set_footer(text="f")
            )
            embed.timestamp = discord.utils.utcnow()
            await interaction.response.send_message(embed=embed, view=ClassicPanel())
            original = await interaction.original_response()
            card = discord.File(io.BytesIO(b"png"), "card.png")
            await interaction.edit_original_response(content="edited", attachments=[card])
            hand = discord.File(io.BytesIO(b"x"), "hand.txt")
            await interaction.followup.send("hand", ephemeral=True, file=hand)
            panel = await interaction.followup.send(view=LayoutPanel(), wait=True)
            await panel.edit(view=LayoutPanel())
            channel = interaction.channel
            reply = await channel.send("x", reference=original, mention_author=False)
            await reply.edit(content="y", suppress=True)
            await channel.send(embeds=[discord.Embed(title=str(i)) for i in range(10)])
            thread = await channel.create_thread(
                name="private", type=discord.ChannelType.private_thread, invitable=False
            )
            await thread.add_user(interaction.user)
            await thread.send("in private", silent=True)
            await thread.edit(archived=True, locked=True)
            await interaction.user.send("dm", view=ClassicPanel())
            await reply.delete()
            self.done.set()

        @self.tree.command(name="modal", description="Open a modal")
        @app_commands.default_permissions(manage_guild=True)
        @app_commands.guild_only()
        async def modal(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(LabelModal())

        @self.tree.command(name="anywhere", description="Also in DMs")
        @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
        async def anywhere(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("from followup")
            await interaction.edit_original_response(content="edited again")

        @self.tree.context_menu(name="Inspect")
        async def inspect(interaction: discord.Interaction, member: discord.Member) -> None:
            await interaction.response.send_message("i", ephemeral=True)

    async def setup_hook(self) -> None:
        await self.tree.sync()
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
        await self.tree.fetch_commands()


async def test_common_discordpy_payloads_pass_validation(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice = fake.add_user("Alice", manage_guild=True)
    elsewhere = fake.add_channel("other")
    async with fake.run_bot(SurveyBot(fake.guild.id)) as bot:
        options = {"game": "kasane", "players": 3, "cpu": True, "rival": alice, "where": elsewhere}
        await (await alice.slash("newgame", options)).response()
        await asyncio.wait_for(bot.done.wait(), 10)
        opened = await alice.slash("modal")
        await opened.response()
        submitted = await alice.submit_modal(opened, {"Answer": "hi", "m:s": ["a"]})
        assert (await submitted.response()).message.content == "hi/['a']"
        deferred = await alice.slash("anywhere", channel=alice.dm_channel)
        original = await deferred.wait_original()
        await fake.wait_for(lambda: original.content == "edited again")
        assert original.ephemeral and deferred.followups == []
        guild = await bot.fetch_guild(fake.guild.id)
        await guild.fetch_member(alice.id)
        await bot.fetch_channel(fake.channel.id)
        assert [m async for m in bot.get_channel(fake.channel.id).history(limit=3)]
    assert fake.spec is None or fake.spec.source.endswith("openapi.json")
    assert fake.violations == [] and fake.unexpected_requests == [] and fake.errors == []
    assert [m.content for m in alice.dms()] == ["dm"]
    assert {a["filename"] for m in fake.messages.values() for a in m.attachments} == {
        "card.png",
        "hand.txt",
    }
