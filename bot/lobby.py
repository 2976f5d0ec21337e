"""Lobbies: `/newgame` posts one; Join, Leave, Add CPU, Start, Cancel and option selects.

The lobby message lives in the channel where `/newgame` ran. Start creates a thread from it, so
each game has its own thread and a channel can hold several games. Only the host may change
options, add CPUs, start, or cancel; Start needs a seat count the game allows.
"""

from __future__ import annotations

import asyncio
import logging
import random
import typing
from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import discord
from pydantic import ValidationError

from bot.components import LobbyButton, LobbyOption
from bot.guards import belongs
from bot.i18n import LANGS, lang_for
from bot.i18n import messages as msg
from bot.i18n.errors import reason_text
from bot.render.base import TABLE_COLOUR
from bot.storage.records import GameRecord, SeatRecord
from games import registry
from games.core import Game, Lang, OptionsRefused
from games.text import Text

if TYPE_CHECKING:
    from bot.ports import GameService, LobbyQuotas, LobbyRecords

log = logging.getLogger(__name__)

#: Discord limits a thread name to 100 characters.
THREAD_NAME_MAX = 100

#: The lobby select that sets the table's language (not a game option: every game has it).
LANGUAGE_FIELD = "language"


def option_choices(game: Game, field: str) -> list[str]:
    """The values a lobby select offers for one option field (bools as "on"/"off")."""
    annotation = game.Options.model_fields[field].annotation
    if annotation is bool:
        return ["on", "off"]
    if typing.get_origin(annotation) is Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return []


def option_value_text(game: Game, field: str, value: Any, lang: Lang) -> str:
    """An option's value as shown: On/Off for switches, else the game's `OPTION_VALUES` name
    (games whose options are all switches need none)."""
    if isinstance(value, bool):
        return (msg.OPTION_ON if value else msg.OPTION_OFF)(lang)
    values: dict[str, dict[str, Text]] = getattr(game.texts, "OPTION_VALUES", {})
    return values[field][str(value)](lang)


def option_label(game: Game, field: str, lang: Lang) -> tuple[str, str]:
    """An option's label and description, from the game's `OPTION_TEXT`."""
    label, description = game.texts.OPTION_TEXT[field]
    return label(lang), description(lang)


def lobby_link(record: GameRecord) -> str:
    """A link to a lobby's message (to its channel while a lobby opened a moment ago has not
    noted its message yet)."""
    link = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}"
    if record.lobby_message_id is not None:
        link += f"/{record.lobby_message_id}"
    return link


class LobbyLocks:
    """One lock per lobby: seats and options change one at a time. Forgotten once the lobby has
    started or been cancelled."""

    def __init__(self) -> None:
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    def closed(self, game_id: int) -> None:
        self._locks.pop(game_id, None)

    def held(self) -> list[asyncio.Lock]:
        """The locks of lobbies whose clicks are under way (a stopping bot waits for them)."""
        return [lock for lock in self._locks.values() if lock.locked()]


class Lobby:
    """Lobby handlers; one instance per bot. It owns the lobbies' locks (`locks`)."""

    def __init__(
        self, sessions: GameService, records: LobbyRecords, quotas: LobbyQuotas, locks: LobbyLocks
    ) -> None:
        self._sessions = sessions
        self._records = records
        self._quotas = quotas
        self.locks = locks
        #: Where new games get their seed (tests replace it to replay a game exactly).
        self.new_seed: Callable[[], int] = lambda: random.SystemRandom().randrange(1 << 62)

    # -- rendering -----------------------------------------------------------------------

    def payload(self, record: GameRecord) -> dict[str, Any]:
        game = registry.get(record.game)
        lang: Lang = record.language  # type: ignore[assignment]
        options = game.options(record.options)
        embed = discord.Embed(
            title=msg.LOBBY_TITLE(lang, game=game.name(lang)),
            description=msg.LOBBY_DESCRIPTION(
                lang,
                host=f"<@{record.host_id}>",
                min=game.min_players,
                max=game.max_players,
            ),
            colour=TABLE_COLOUR,
        )
        seats = "\n".join(
            f"{i + 1}. " + (f"🤖 {s.name}" if s.is_cpu else f"<@{s.user_id}>")
            for i, s in enumerate(record.seats)
        )
        embed.add_field(
            name=msg.LOBBY_SEATS(lang, n=len(record.seats), max=game.max_players),
            value=seats or "—",
            inline=False,
        )
        settings = [
            f"**{option_label(game, name, lang)[0]}**: "
            f"{option_value_text(game, name, getattr(options, name), lang)}"
            for name in type(options).model_fields
        ]
        settings.append(
            f"**{msg.LOBBY_TIMER(lang)}**: "
            + (
                msg.LOBBY_TIMER_MINUTES(lang, n=record.turn_seconds // 60)
                if record.turn_seconds
                else msg.OPTION_OFF(lang)
            )
        )
        settings.append(
            f"**{msg.LOBBY_CPU_LEVEL(lang)}**: {msg.CPU_LEVELS[record.cpu_level](lang)}"
        )
        settings.append(f"**{msg.LOBBY_LANGUAGE(lang)}**: {msg.LANGUAGES[lang](lang)}")
        embed.add_field(name=msg.LOBBY_OPTIONS(lang), value="\n".join(settings), inline=False)
        embed.set_footer(text=msg.LOBBY_FOOTER(lang))

        view = discord.ui.View(timeout=None)
        full = len(record.seats) >= game.max_players
        for op, label, style in (
            ("join", msg.LOBBY_JOIN, discord.ButtonStyle.success),
            ("leave", msg.LOBBY_LEAVE, discord.ButtonStyle.secondary),
            ("cpu", msg.LOBBY_CPU, discord.ButtonStyle.secondary),
            ("start", msg.LOBBY_START, discord.ButtonStyle.primary),
            ("cancel", msg.LOBBY_CANCEL, discord.ButtonStyle.danger),
        ):
            view.add_item(
                LobbyButton(
                    game_id=record.id,
                    op=op,
                    label=label(lang),
                    style=style,
                    disabled=full and op in ("join", "cpu"),
                )
            )
        fields = list(type(options).model_fields)[:3]
        for row, name in enumerate(fields, start=1):
            current = getattr(options, name)
            current_text = (
                ("on" if current else "off") if isinstance(current, bool) else str(current)
            )
            label, description = option_label(game, name, lang)
            choices = []
            for value in option_choices(game, name):
                text = option_value_text(game, name, self._parse(game, name, value), lang)
                choices.append(
                    discord.SelectOption(
                        label=f"{label}: {text}"[:100],
                        value=value,
                        description=description[:100] or None,
                        default=value == current_text,
                    )
                )
            view.add_item(
                LobbyOption(
                    game_id=record.id, field=name, placeholder=label, row=row, options=choices
                )
            )
        view.add_item(
            LobbyOption(
                game_id=record.id,
                field=LANGUAGE_FIELD,
                placeholder=msg.LOBBY_LANGUAGE(lang),
                row=len(fields) + 1,
                options=[
                    discord.SelectOption(
                        label=f"{msg.LOBBY_LANGUAGE(lang)}: {msg.LANGUAGES[choice](choice)}",
                        value=choice,
                        default=choice == lang,
                    )
                    for choice in LANGS
                ],
            )
        )
        return {"embeds": [embed], "view": view}

    @staticmethod
    def _parse(game: Game, field: str, value: str) -> Any:
        annotation = game.Options.model_fields[field].annotation
        if annotation is bool:
            return value == "on"
        return value

    # -- /newgame --------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction[Any],
        game_id: str,
        *,
        language: str | None,
        turn_minutes: int,
        cpu_level: str | None,
    ) -> None:
        lang = lang_for(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            await interaction.response.send_message(msg.ERROR_GUILD_ONLY(lang), ephemeral=True)
            return
        try:
            game = registry.get(game_id)
        except KeyError:
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        twin = await self._open_twin(interaction, game.id)
        if twin is not None:
            # The host's own lobby of this game is open here already: point to it rather than
            # open a second one beside it.
            text = msg.LOBBY_ALREADY_OPEN(lang, game=game.name(lang), link=lobby_link(twin))
            await interaction.response.send_message(text, ephemeral=True)
            return
        refusal = await self._quotas.newgame(interaction, lang)
        if refusal is not None:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        self._quotas.opened(interaction.user.id)
        # The table speaks the host's language unless the host picks another one.
        table_lang = language if language in LANGS else lang
        await self._records.remember_language(interaction.user.id, lang)
        if cpu_level is None:
            cpu_level = game.default_cpu_level
        elif cpu_level not in game.cpu_levels:
            # A level this game lacks: its strongest.
            cpu_level = game.cpu_levels[-1]
        record = await self._records.create_game(
            game=game.id,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            language=table_lang,
            seed=self.new_seed(),
            options=game.Options().model_dump(mode="json"),
            cpu_level=cpu_level,
            turn_seconds=max(0, turn_minutes) * 60,
        )
        await interaction.response.send_message(
            **self.payload(record), allowed_mentions=discord.AllowedMentions.none()
        )
        message = await interaction.original_response()
        await self._records.update_game(record.id, lobby_message_id=message.id)

    async def play_again(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Play again, on a finished game's end message or hand: a new lobby in the game's
        channel with the same title, options, language, turn timer and CPU seats, hosted by
        whoever clicked; the last game's other players are mentioned once, to join with one
        click. The usage limits apply as to `/newgame`."""
        lang = lang_for(interaction)
        old = await self._records.get(game_id)
        user = interaction.user
        if old is None or not belongs(interaction, old, in_dm=False):
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return
        if old.status != "finished":
            await interaction.response.send_message(msg.ERROR_NOT_FINISHED(lang), ephemeral=True)
            return
        game = registry.get(old.game)
        twin = await self._open_twin(interaction, game.id, channel_id=old.channel_id)
        if twin is not None:
            await interaction.response.send_message(
                msg.LOBBY_ALREADY_OPEN(lang, game=game.name(lang), link=lobby_link(twin)),
                ephemeral=True,
            )
            return
        refusal = await self._quotas.newgame(interaction, lang)
        if refusal is not None:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        self._quotas.opened(user.id)
        record = await self._records.create_game(
            game=game.id,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_id=user.id,
            host_name=user.display_name,
            language=old.language,
            seed=self.new_seed(),
            options=dict(old.options),
            cpu_level=old.cpu_level,
            turn_seconds=old.turn_seconds,
        )
        # The last game's CPU seats come back (a person's seat a CPU finished for them does not:
        # that person is invited instead).
        seats = list(record.seats)
        for info in old.seats:
            if info.is_cpu and info.away_user_id is None and len(seats) < game.max_players:
                number = sum(1 for s in seats if s.is_cpu) + 1
                level = info.cpu_level or old.cpu_level
                seats.append(SeatRecord(seat=len(seats), name=f"CPU {number}", cpu_level=level))
        await self._records.set_seats(record.id, seats)
        record.seats = seats
        invited = list(
            dict.fromkeys(
                person
                for info in old.seats
                if (person := info.user_id or info.away_user_id) is not None and person != user.id
            )
        )
        table_lang: Lang = old.language  # type: ignore[assignment]
        content = msg.LOBBY_PLAY_AGAIN(
            table_lang,
            host=user.mention,
            players=" ".join(f"<@{person}>" for person in invited) or "—",
        )
        # The lobby goes to the channel the last one was in (its thread cannot hold a thread).
        channel = interaction.client.get_partial_messageable(old.channel_id, guild_id=old.guild_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await channel.send(
            content=content,
            **self.payload(record),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(person) for person in invited]
            ),
        )
        await self._records.update_game(record.id, lobby_message_id=message.id)
        record.lobby_message_id = message.id
        await interaction.followup.send(
            msg.LOBBY_PLAY_AGAIN_OPENED(lang, game=game.name(lang), link=lobby_link(record)),
            ephemeral=True,
        )

    async def _open_twin(
        self, interaction: discord.Interaction[Any], game_id: str, channel_id: int | None = None
    ) -> GameRecord | None:
        """The clicker's own open lobby of `game_id` in `channel_id` (the interaction's channel
        by default), if any."""
        channel_id = channel_id or interaction.channel_id
        for record in await self._records.games(statuses=("lobby",), channel_id=channel_id):
            if (
                record.channel_id == channel_id
                and record.game == game_id
                and record.host_id == interaction.user.id
            ):
                return record
        return None

    # -- lobby buttons -----------------------------------------------------------------------

    async def _lobby_record(
        self, interaction: discord.Interaction[Any], game_id: int, lang: Lang
    ) -> GameRecord | None:
        record = await self._records.get(game_id)
        if record is None or not belongs(interaction, record, in_dm=False):
            await interaction.response.send_message(msg.ERROR_UNKNOWN_GAME(lang), ephemeral=True)
            return None
        if record.status != "lobby":
            refusal = (
                msg.ERROR_ALREADY_STARTED if record.status == "playing" else msg.ERROR_GAME_OVER
            )
            await interaction.response.send_message(refusal(lang), ephemeral=True)
            return None
        return record

    async def button(self, interaction: discord.Interaction[Any], game_id: int, op: str) -> None:
        lang = lang_for(interaction)
        async with self.locks.lock(game_id):
            record = await self._lobby_record(interaction, game_id, lang)
            if record is None:
                return
            game = registry.get(record.game)
            user = interaction.user
            is_host = user.id == record.host_id
            seats = list(record.seats)
            if op in ("cpu", "start", "cancel") and not is_host:
                await interaction.response.send_message(msg.ERROR_HOST_ONLY(lang), ephemeral=True)
                return
            if op == "join":
                if record.seat_of(user.id) is not None:
                    await self._say(interaction, lang, msg.ERROR_ALREADY_JOINED)
                    return
                if len(seats) >= game.max_players:
                    await self._say(interaction, lang, msg.ERROR_LOBBY_FULL)
                    return
                refusal = await self._quotas.join(interaction, lang)
                if refusal is not None:
                    await interaction.response.send_message(refusal, ephemeral=True)
                    return
                seats.append(SeatRecord(seat=len(seats), user_id=user.id, name=user.display_name))
                await self._records.remember_language(user.id, lang)
            elif op == "leave":
                if record.seat_of(user.id) is None:
                    await self._say(interaction, lang, msg.ERROR_NOT_PLAYER)
                    return
                if is_host:
                    await self._say(interaction, lang, msg.ERROR_HOST_CANNOT_LEAVE)
                    return
                seats = [s for s in seats if s.user_id != user.id]
            elif op == "cpu":
                if len(seats) >= game.max_players:
                    await self._say(interaction, lang, msg.ERROR_LOBBY_FULL)
                    return
                number = sum(1 for s in seats if s.is_cpu) + 1
                seats.append(
                    SeatRecord(seat=len(seats), name=f"CPU {number}", cpu_level=record.cpu_level)
                )
            elif op == "cancel":
                await self._sessions.abandon(record.id)
                self.locks.closed(record.id)
                await interaction.response.edit_message(
                    content=msg.LOBBY_CANCELLED(record.language, game=game.name(record.language)),  # type: ignore[arg-type]
                    embeds=[],
                    view=None,
                )
                return
            elif op == "start":
                refusal = await self._quotas.start(interaction, lang)
                if refusal is not None:
                    await interaction.response.send_message(refusal, ephemeral=True)
                    return
                await self._start(interaction, record, game, lang)
                return
            await self._records.set_seats(record.id, seats)
            record.seats = [
                SeatRecord(seat=i, name=s.name, user_id=s.user_id, cpu_level=s.cpu_level)
                for i, s in enumerate(seats)
            ]
            await interaction.response.edit_message(
                **self.payload(record), allowed_mentions=discord.AllowedMentions.none()
            )

    async def _say(self, interaction: discord.Interaction[Any], lang: Lang, refusal: Text) -> None:
        await interaction.response.send_message(refusal(lang), ephemeral=True)

    async def set_option(
        self, interaction: discord.Interaction[Any], game_id: int, field: str, value: str
    ) -> None:
        lang = lang_for(interaction)
        async with self.locks.lock(game_id):
            record = await self._lobby_record(interaction, game_id, lang)
            if record is None:
                return
            if interaction.user.id != record.host_id:
                await self._say(interaction, lang, msg.ERROR_HOST_ONLY)
                return
            if field == LANGUAGE_FIELD:
                if value not in LANGS:
                    await self._say(interaction, lang, "error.malformed")
                    return
                record.language = value
                await self._records.update_game(record.id, language=value)
                await interaction.response.edit_message(
                    **self.payload(record), allowed_mentions=discord.AllowedMentions.none()
                )
                return
            game = registry.get(record.game)
            if field not in game.Options.model_fields or value not in option_choices(game, field):
                await self._say(interaction, lang, msg.ERROR_MALFORMED)
                return
            options = dict(record.options)
            options[field] = self._parse(game, field, value)
            try:
                record.options = game.options(options).model_dump(mode="json")
            except ValidationError:
                await self._say(interaction, lang, msg.ERROR_MALFORMED)
                return
            await self._records.update_game(record.id, options=record.options)
            await interaction.response.edit_message(
                **self.payload(record), allowed_mentions=discord.AllowedMentions.none()
            )

    async def _start(
        self, interaction: discord.Interaction[Any], record: GameRecord, game: Game, lang: Lang
    ) -> None:
        players = len(record.seats)
        try:
            game.check_players(players)
        except ValueError:
            await interaction.response.send_message(
                msg.ERROR_PLAYER_COUNT(lang, min=game.min_players, max=game.max_players),
                ephemeral=True,
            )
            return
        try:
            game.new(players, seed=record.seed, options=game.options(record.options))
        except OptionsRefused as refusal:
            reason = reason_text(game.id, refusal.reason, lang)
            await interaction.response.send_message(
                msg.ERROR_OPTIONS_INVALID(lang, reason=reason), ephemeral=True
            )
            return
        await interaction.response.defer()
        table_lang: Lang = record.language  # type: ignore[assignment]
        channel = interaction.channel
        if isinstance(channel, discord.Thread) or interaction.message is None:
            thread_id = None
        else:
            name = msg.THREAD_NAME(table_lang, game=game.name(table_lang), id=record.id)
            try:
                thread = await interaction.message.create_thread(
                    name=name[:THREAD_NAME_MAX], auto_archive_duration=1440
                )
                thread_id: int | None = thread.id
            except discord.HTTPException as exc:
                log.warning("no thread for game %s (%s); playing in the channel", record.id, exc)
                thread_id = None
        await self._records.update_game(record.id, thread_id=thread_id)
        record.thread_id = thread_id
        # The service stores the start and hands the table and the first ping to the publisher.
        await self._sessions.start(record)
        self.locks.closed(record.id)
        seats = "\n".join(
            f"{i + 1}. " + (f"🤖 {s.name}" if s.is_cpu else f"<@{s.user_id}>")
            for i, s in enumerate(record.seats)
        )
        where = f"<#{thread_id}>" if thread_id else ""
        await interaction.edit_original_response(
            content=msg.LOBBY_STARTED(table_lang, game=game.name(table_lang), thread=where)
            + "\n"
            + seats,
            embeds=[],
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
