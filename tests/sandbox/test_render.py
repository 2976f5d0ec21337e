"""The sandbox page's rendering of Discord messages: markdown, embeds, buttons and selects."""

from __future__ import annotations

import datetime as dt

import discord
import pytest

from bot.sandbox.render import (
    PREVIEW_CHARS,
    View,
    components_html,
    embed_html,
    field_columns,
    markdown,
    message_html,
    preview_text,
    relative_time,
    thread_chip_html,
)
from tests.sandbox.dom import Node, parse

AOI, BEN, BOT = 1001, 1002, 9000
NOW = 1_800_000_000.0


def view(viewer: int = AOI) -> View:
    return View(
        viewer_id=viewer,
        bot_id=BOT,
        names={AOI: "Aoi", BEN: "Ben", BOT: "KasaneTable"},
        channels={77: "game-table"},
        roles={55: "Manager"},
        now=NOW,
    )


def md(text: str, viewer: int = AOI) -> Node:
    return parse(markdown(text, view(viewer)))


# ---------------------------------------------------------------- markdown


def test_inline_formatting() -> None:
    root = md("**bold** *it* _also_ __under__ ~~gone~~ ***both*** ||secret|| snake_case_name")
    assert [n.text for n in root.all("strong")] == ["bold", "both"]
    assert [n.text for n in root.all("em")] == ["it", "also", "both"]
    assert root.one("u").text == "under"
    assert root.one("s").text == "gone"
    assert root.one("span", "spoiler").text == "secret"
    assert "snake_case_name" in root.text  # underscores inside words are not italics


def test_code_is_literal_and_html_is_escaped() -> None:
    root = md("`**not bold** <b>` and <script>alert(1)</script> & more")
    assert root.one("code").text == "**not bold** <b>"
    assert root.all("strong") == [] and root.all("script") == [] and root.all("b") == []
    assert "<script>alert(1)</script> & more" in root.text
    block = md("before\n```py\nx = a<b and c*d*e\n```\nafter")
    code = block.one("pre").one("code")
    assert code.attrs["data-lang"] == "py" and code.text == "x = a<b and c*d*e"
    assert block.all("em") == []
    assert block.text.startswith("before") and block.text.endswith("after")


def test_mentions_channels_and_roles() -> None:
    root = md("<@1001> and <@!1002> in <#77> for <@&55>, <@4242> left")
    users = root.all("span", "mention")
    assert [u.text for u in users] == ["@Aoi", "@Ben", "#game-table", "@Manager", "@unknown-user"]
    assert "me" in users[0].classes and "me" not in users[1].classes
    assert users[2].attrs["data-channel"] == "77"
    assert "me" in md("<@1002>", viewer=BEN).one("span", "mention").classes


def test_timestamps() -> None:
    root = md(f"ends <t:{int(NOW) + 300}:R>, began <t:{int(NOW) - 7200}:R>, on <t:0:D>")
    times = root.all("time")
    assert [t.attrs["data-style"] for t in times] == ["R", "R", "D"]
    assert times[0].attrs["data-t"] == str(int(NOW) + 300)
    assert [t.text for t in times] == ["in 5 minutes", "2 hours ago", "01 January 1970"]
    assert times[2].attrs["datetime"].startswith("1970-01-01T00:00:00")


@pytest.mark.parametrize(
    ("delta", "text"),
    [(0, "now"), (1, "in 1 second"), (-59, "59 seconds ago"), (61, "in 1 minute"),
     (-3 * 86400, "3 days ago"), (400 * 86400, "in 1 year")],
)  # fmt: skip
def test_relative_time(delta: int, text: str) -> None:
    assert relative_time(NOW + delta, NOW) == text


def test_block_rules() -> None:
    root = md("# Title\n## Sub\n> quoted **bold**\n- one\n  - nested\n-# small print\nplain")
    assert root.one("h1").text == "Title" and root.one("h2").text == "Sub"
    quote = root.one("blockquote")
    assert quote.one("strong").text == "bold"
    items = root.all("div", "li")
    assert [i.text for i in items] == ["one", "nested"]
    assert items[1].attrs["style"] == "--depth:1"
    assert root.one("small", "subtext").text == "small print"
    assert root.text.endswith("plain")


def test_line_breaks_and_links() -> None:
    root = md("a\nb\n[docs](https://example.com/x) https://example.org/y.")
    assert len(root.all("br")) == 2
    links = root.all("a")
    assert [(a.attrs["href"], a.text) for a in links] == [
        ("https://example.com/x", "docs"),
        ("https://example.org/y", "https://example.org/y"),
    ]
    assert root.text.endswith(".")
    assert parse(markdown("[docs](https://example.com)", view(), links=False)).all("a") == []


# ---------------------------------------------------------------- embeds


def test_inline_fields_share_rows_of_three() -> None:
    def cols(*inline: bool) -> list[str]:
        return field_columns([{"name": "n", "value": "v", "inline": i} for i in inline])

    assert cols(True, True, True) == ["1 / 5", "5 / 9", "9 / 13"]
    assert cols(True, True) == ["1 / 7", "7 / 13"]
    assert cols(True) == ["1 / 13"]
    assert cols(True, True, True, True) == ["1 / 5", "5 / 9", "9 / 13", "1 / 13"]
    assert cols(False, True, True, False, True) == ["1 / 13", "1 / 7", "7 / 13", "1 / 13", "1 / 13"]


def test_embed_from_discord_py() -> None:
    embed = discord.Embed(
        title="襲ノ色目 <lobby>",
        description="Host: <@1001> · **3–4** players",
        colour=discord.Colour(0xB0476A),
        timestamp=dt.datetime.fromtimestamp(NOW, dt.UTC),
    )
    embed.set_author(name="KasaneTable")
    embed.add_field(name="Seats", value="1. <@1001>\n2. 🤖 CPU 1", inline=False)
    embed.add_field(name="Deck", value="26", inline=True)
    embed.add_field(name="Discards", value="`0`", inline=True)
    embed.set_footer(text="#1 · kasane")
    root = parse(embed_html(embed.to_dict(), view()))
    box = root.one("div", "embed")
    assert box.attrs["style"] == "border-left-color: #b0476a"
    assert box.one("div", "embed-author").text == "KasaneTable"
    assert box.one("div", "embed-title").text == "襲ノ色目 <lobby>"
    description = box.one("div", "embed-description")
    assert description.one("span", "mention").text == "@Aoi"
    assert description.one("strong").text == "3–4"
    fields = box.all("div", "embed-field")
    assert [f.one("div", "embed-field-name").text for f in fields] == ["Seats", "Deck", "Discards"]
    assert ["inline" in f.classes for f in fields] == [False, True, True]
    assert [f.attrs["style"] for f in fields] == [
        "grid-column: 1 / 13",
        "grid-column: 1 / 7",
        "grid-column: 7 / 13",
    ]
    assert len(fields[0].all("br")) == 1 and fields[2].one("code").text == "0"
    footer = box.one("div", "embed-footer")
    assert footer.text.startswith("#1 · kasane • ")
    assert footer.one("time").attrs["data-t"] == str(int(NOW))


def test_embed_without_colour_title_url_and_images() -> None:
    data = {
        "title": "Rules",
        "url": "https://example.com/rules",
        "thumbnail": {"url": "https://example.com/t.png"},
        "image": {"url": "https://example.com/i.png"},
    }
    box = parse(embed_html(data, view())).one("div", "embed")
    assert box.attrs["style"] == "border-left-color: #1e1f22"
    assert box.one("div", "embed-title").one("a").attrs["href"] == "https://example.com/rules"
    assert box.one("img", "embed-thumbnail").attrs["src"].endswith("t.png")
    assert box.one("img", "embed-image").attrs["src"].endswith("i.png")
    assert box.all("div", "embed-fields") == [] and box.all("div", "embed-footer") == []


# ---------------------------------------------------------------- components


def rows_of(view_: discord.ui.View) -> list[dict]:
    return view_.to_components()


def test_buttons_styles_emoji_and_disabled() -> None:
    ui = discord.ui.View()
    ui.add_item(discord.ui.Button(label="Join", style=discord.ButtonStyle.success, custom_id="j"))
    ui.add_item(discord.ui.Button(label="Start", style=discord.ButtonStyle.primary, custom_id="s"))
    ui.add_item(
        discord.ui.Button(
            label="Cancel", style=discord.ButtonStyle.danger, custom_id="c", disabled=True
        )
    )
    ui.add_item(discord.ui.Button(emoji="🎴", custom_id="h", row=1))
    ui.add_item(discord.ui.Button(label="Rules", url="https://example.com/r", row=1))
    root = parse(components_html(rows_of(ui), view()))
    rows = root.all("div", "action-row")
    assert len(rows) == 2
    buttons = rows[0].all("button")
    assert [b.text for b in buttons] == ["Join", "Start", "Cancel"]
    assert [sorted(b.classes) for b in buttons] == [
        ["btn", "btn-success"],
        ["btn", "btn-primary"],
        ["btn", "btn-danger"],
    ]
    assert [b.attrs["data-custom-id"] for b in buttons] == ["j", "s", "c"]
    assert ["disabled" in b.attrs for b in buttons] == [False, False, True]
    emoji_only = rows[1].one("button")
    assert "btn-secondary" in emoji_only.classes
    assert emoji_only.one("span", "emoji").text == "🎴" and emoji_only.all("span", "label") == []
    link = rows[1].one("a")
    assert "btn-link" in link.classes and link.attrs["href"] == "https://example.com/r"
    assert "data-custom-id" not in link.attrs


def test_selects_single_multi_and_disabled() -> None:
    ui = discord.ui.View()
    ui.add_item(
        discord.ui.Select(
            custom_id="variant",
            placeholder="Variant A",
            options=[
                discord.SelectOption(label="On", value="on"),
                discord.SelectOption(label="Off", value="off", default=True, emoji="⛔"),
            ],
        )
    )
    ui.add_item(
        discord.ui.Select(
            custom_id="pass",
            placeholder="Pass two cards",
            min_values=2,
            max_values=2,
            options=[
                discord.SelectOption(label=f"Card {n}", value=str(n), description=f"#{n}")
                for n in range(4)
            ],
        )
    )
    ui.add_item(
        discord.ui.Select(
            custom_id="off", disabled=True, options=[discord.SelectOption(label="x", value="x")]
        )
    )
    root = parse(components_html(rows_of(ui), view()))
    single, multi, disabled = root.all("div", "select")
    assert single.attrs["data-custom-id"] == "variant"
    assert (single.attrs["data-min"], single.attrs["data-max"]) == ("1", "1")
    assert "multi" not in single.classes
    assert single.one("span", "select-value").text == "Off"  # the default option shows
    options = single.all("div", "option")
    assert [o.attrs["data-value"] for o in options] == ["on", "off"]
    assert ["selected" in o.classes for o in options] == [False, True]
    assert options[1].one("span", "emoji").text == "⛔"
    assert "multi" in multi.classes and (multi.attrs["data-min"], multi.attrs["data-max"]) == (
        "2",
        "2",
    )
    assert multi.one("span", "placeholder").text == "Pass two cards"
    assert [d.text for d in multi.all("div", "opt-desc")] == ["#0", "#1", "#2", "#3"]
    assert "disabled" in disabled.classes and "disabled" not in single.classes


def test_user_select_offers_the_members_and_layout_components() -> None:
    data = [
        {"type": 1, "components": [{"type": 5, "custom_id": "who", "placeholder": "Player"}]},
        {
            "type": 17,
            "accent_color": 0x00FF00,
            "components": [
                {"type": 10, "content": "**Hi** <@1002>"},
                {"type": 14},
            ],
        },
    ]
    root = parse(components_html(data, view()))
    options = root.one("div", "select").all("div", "option")
    assert {o.attrs["data-value"] for o in options} == {str(AOI), str(BEN)}
    container = root.one("div", "container")
    assert container.attrs["style"] == "border-left-color: #00ff00"
    assert container.one("strong").text == "Hi" and container.one("hr")


# ---------------------------------------------------------------- messages


def message(**extra: object) -> dict:
    data = {
        "id": "5001",
        "channel_id": "77",
        "author": {"id": str(BOT), "username": "KasaneTable", "bot": True},
        "content": "",
        "timestamp": dt.datetime.fromtimestamp(NOW, dt.UTC).isoformat(),
        "edited_timestamp": None,
        "flags": 0,
        "embeds": [],
        "components": [],
        "mentions": [],
    }
    data.update(extra)
    return data


def test_message_from_a_slash_command_with_a_thread() -> None:
    join = {"type": 2, "style": 1, "label": "Join", "custom_id": "j"}
    data = message(
        content="Lobby open",
        interaction_metadata={
            "type": 2,
            "name": "newgame",
            "user": {"id": "1002", "username": "ben"},
        },
        embeds=[{"title": "Lobby", "color": 1}],
        components=[{"type": 1, "components": [join]}],
        edited_timestamp="2027-01-15T08:00:00+00:00",
    )
    html = message_html(data, view(), thread={"id": 88, "name": "Game #1", "count": 3})
    root = parse(html).one("div", "msg")
    assert root.attrs["data-id"] == "5001"
    assert root.one("div", "reply-bar").text == "ben used /newgame"
    head = root.one("div", "msg-head")
    assert head.one("span", "author").text == "KasaneTable" and head.one("span", "bot-tag")
    assert root.one("div", "content").text == "Lobby open(edited)"
    assert root.one("div", "embed-title").text == "Lobby"
    assert root.one("button").attrs["data-custom-id"] == "j"
    chip = root.one("a", "thread-chip")
    assert (
        chip.attrs["data-channel"] == "88" and "Game #1" in chip.text and "3 messages" in chip.text
    )
    assert root.all("div", "ephemeral-note") == [] and "grouped" not in root.classes
    assert chip.all("span", "thread-last") == []  # an empty thread has no newest message


def test_thread_chip_shows_the_newest_message() -> None:
    ping = message(
        id="5009",
        content="<@1001> your turn in **Game** — <#77>  use the `buttons`",
        timestamp="2027-01-15T08:00:00+00:00",
    )
    chip = parse(
        thread_chip_html({"id": 88, "name": "Game #1", "count": 1, "last": ping}, view(BEN))
    ).one("a", "thread-chip")
    assert chip.one("span", "thread-count").text == "1 message ›"
    newest = chip.one("span", "thread-last")
    assert newest.one("span", "thread-last-author").text == "KasaneTable"
    assert (
        newest.one("span", "thread-last-text").text
        == "@Aoi your turn in Game — #game-table use the buttons"
    )
    assert newest.one("time").attrs["data-style"] == "R"
    named = message(content="<@1001> ~~gave~~ <@&55> a_card, *quickly*")
    assert preview_text(named, view()) == "@Aoi gave @Manager a_card, quickly"
    long = message(content="x" * 300, timestamp="2027-01-15T08:00:00+00:00")
    assert len(preview_text(long, view())) == PREVIEW_CHARS
    table = message(content="", embeds=[{"title": "Round 2/4", "description": "…"}])
    assert preview_text(table, view()) == "Round 2/4"


def test_ephemeral_grouped_loading_and_mentions() -> None:
    ephemeral = parse(message_html(message(content="Your hand", flags=64), view(), ephemeral=True))
    msg = ephemeral.one("div", "msg")
    assert "ephemeral" in msg.classes
    assert "Only you can see this" in msg.one("div", "ephemeral-note").text
    grouped = parse(message_html(message(content="again"), view(), grouped=True)).one("div", "msg")
    assert "grouped" in grouped.classes
    assert grouped.all("div", "avatar") == [] and grouped.all("div", "msg-head") == []
    loading = parse(message_html(message(flags=128, embeds=[{"title": "x"}]), view()))
    assert "is thinking" in loading.one("div", "content").text and loading.all("div", "embed") == []
    ping = message(content="<@1001> your turn", mentions=[{"id": "1001"}])
    assert "mentions-me" in parse(message_html(ping, view(AOI))).one("div", "msg").classes
    assert "mentions-me" not in parse(message_html(ping, view(BEN))).one("div", "msg").classes
