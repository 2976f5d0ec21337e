"""The platform's texts (lobby, table, hands, pings, commands, errors), in both languages.

Games keep their own texts in `games/<id>/texts.py`; see `games.text` for the shape.
"""

from __future__ import annotations

from games.core import Lang, Reason
from games.text import Text

# slash commands: names, descriptions, options and choices (`cogs.common.ls`)
CMD_NEWGAME = Text(ja="ゲーム作成", en="newgame")
CMD_NEWGAME_DESC = Text(ja="新しいゲームを始めます", en="Start a new game")
CMD_RULES = Text(ja="ルール", en="rules")
CMD_RULES_DESC = Text(ja="ゲームの遊び方", en="How to play a game")
CMD_HAND = Text(ja="手札", en="hand")
CMD_HAND_DESC = Text(ja="ここに自分の手札を表示します", en="Show your hand here")
CMD_SETTINGS = Text(ja="設定", en="settings")
CMD_SETTINGS_DESC = Text(ja="個人設定", en="Your preferences")
CMD_GAME = Text(ja="ゲーム", en="game")
CMD_GAME_DESC = Text(ja="このサーバーのゲームを管理します", en="Manage games in this server")
CMD_GAME_LIST = Text(ja="一覧", en="list")
CMD_GAME_LIST_DESC = Text(ja="このサーバーのゲーム", en="Games in this server")
CMD_GAME_LOG = Text(ja="記録", en="log")
CMD_GAME_LOG_DESC = Text(
    ja="ゲームの全記録を自分だけに表示します", en="A game's whole log, privately"
)
CMD_GAME_ABANDON = Text(ja="中止", en="abandon")
CMD_GAME_ABANDON_DESC = Text(
    ja="ゲームを中止します（ホストまたはサーバー管理権限）",
    en="Abandon a game (host or Manage Server)",
)
CMD_GAME_REPLACE = Text(ja="交代", en="replace")
CMD_GAME_REPLACE_DESC = Text(
    ja="不在のプレイヤーをCPUに交代します（ホスト）",
    en="Replace an absent player with a CPU (host)",
)
CMD_GAME_PICTURES = Text(ja="画像", en="pictures")
CMD_GAME_PICTURES_DESC = Text(
    ja="このサーバーの卓と手札の画像（サーバー管理）",
    en="Pictures of tables and hands in this server (Manage Server)",
)
OPT_GAME = Text(ja="ゲーム", en="game")
OPT_GAME_DESC = Text(ja="遊ぶゲーム", en="Which game to play")
OPT_RULES_GAME_DESC = Text(ja="ルールを見るゲーム", en="Which game's rules to show")
OPT_LANGUAGE = Text(ja="言語", en="language")
OPT_LANGUAGE_DESC = Text(
    ja="卓の言語（既定：サーバーの言語）", en="Language of the table (default: the server's)"
)
OPT_TURN_TIMER = Text(ja="手番タイマー", en="turn_timer")
OPT_TURN_TIMER_DESC = Text(
    ja="不在のプレイヤーの代わりにCPUが指すまでの分数",
    en="Minutes per turn before a CPU plays for an absent player",
)
OPT_CPU = Text(ja="cpuの強さ", en="cpu")
OPT_CPU_DESC = Text(ja="CPUの強さ", en="Strength of CPU players")
OPT_ID = Text(ja="番号", en="id")
OPT_ID_DESC = Text(ja="ゲーム番号（既定：ここのゲーム）", en="Game number (default: the game here)")
OPT_PLAYER = Text(ja="プレイヤー", en="player")
OPT_PLAYER_DESC = Text(ja="交代するプレイヤー", en="The player to replace")
OPT_HAND = Text(ja="手札", en="hand")
OPT_HAND_DESC = Text(ja="手札を表示する場所", en="Where your hand is shown")
OPT_PICTURES = Text(ja="画像", en="pictures")
OPT_PICTURES_DESC = Text(ja="手札の画像", en="A picture of your hand")
OPT_SHOWN = Text(ja="表示", en="shown")
OPT_SHOWN_DESC = Text(ja="画像を表示するかどうか", en="Show pictures or not")
CHOICE_LANG_JA = Text(ja="日本語", en="日本語")
CHOICE_LANG_EN = Text(ja="English", en="English")
CHOICE_TIMER_OFF = Text(ja="なし", en="Off")
CHOICE_TIMER_1 = Text(ja="1分", en="1 minute")
CHOICE_TIMER_2 = Text(ja="2分", en="2 minutes")
CHOICE_TIMER_5 = Text(ja="5分", en="5 minutes")
CHOICE_TIMER_10 = Text(ja="10分", en="10 minutes")
#: The `/newgame cpu` choices by `Game.cpu_levels` value (`cogs.common.cpu_choices`).
CHOICE_CPU_LEVELS: dict[str, Text] = {
    "random": Text(ja="ランダム（やさしい）", en="Random (easy)"),
    "strong": Text(ja="強い", en="Strong"),
    "expert": Text(ja="達人（先読み・最強）", en="Expert (searches; hardest)"),
}
CHOICE_HAND_EPHEMERAL = Text(
    ja="チャンネル内の自分だけに見えるメッセージ", en="Ephemeral message in the channel"
)
CHOICE_HAND_DM = Text(ja="ダイレクトメッセージ", en="Direct message")
CHOICE_PICTURES_ON = Text(ja="表示する", en="Shown")
CHOICE_PICTURES_OFF = Text(ja="表示しない", en="Not shown")

# lobby
LOBBY_TITLE = Text(ja="{game} — 参加者募集", en="{game} — lobby")
LOBBY_DESCRIPTION = Text(
    ja="ホスト：{host}・{min}〜{max}人。参加するか、ホストがCPUを追加できます。",
    en="Host: {host} · {min}–{max} players. Join, or let the host add CPUs.",
)
LOBBY_SEATS = Text(ja="席（{n}/{max}）", en="Seats ({n}/{max})")
LOBBY_OPTIONS = Text(ja="設定", en="Settings")
LOBBY_TIMER = Text(ja="手番タイマー", en="Turn timer")
LOBBY_TIMER_MINUTES = Text(ja="{n}分", en="{n} min")
LOBBY_CPU_LEVEL = Text(ja="CPUの強さ", en="CPU strength")
LOBBY_LANGUAGE = Text(ja="卓の言語", en="Table language")
LOBBY_FOOTER = Text(
    ja="設定の変更・CPU追加・開始・中止はホストだけができます。",
    en="Only the host can change settings, add CPUs, start or cancel.",
)
LOBBY_JOIN = Text(ja="参加", en="Join")
LOBBY_LEAVE = Text(ja="退出", en="Leave")
LOBBY_CPU = Text(ja="CPU追加", en="Add CPU")
LOBBY_START = Text(ja="開始", en="Start")
LOBBY_CANCEL = Text(ja="中止", en="Cancel")
LOBBY_CANCELLED = Text(ja="{game}の募集は中止されました。", en="The {game} lobby was cancelled.")
LOBBY_STARTED = Text(ja="**{game}** が始まりました {thread}", en="**{game}** has started {thread}")
LOBBY_FINISHED = Text(
    ja="**{game}** 終了 — 勝者：{winners}（{thread}）",
    en="**{game}** is over — winner: {winners} ({thread})",
)
THREAD_NAME = Text(ja="{game} #{id}", en="{game} #{id}")
OPTION_ON = Text(ja="あり", en="On")
OPTION_OFF = Text(ja="なし", en="Off")
#: The CPU levels by `Game.cpu_levels` value, as the lobby shows them.
CPU_LEVELS: dict[str, Text] = {
    "strong": Text(ja="強い", en="Strong"),
    "random": Text(ja="ランダム（やさしい）", en="Random (easy)"),
    "expert": Text(ja="達人", en="Expert"),
}
#: Each table language, named in itself.
LANGUAGES: dict[Lang, Text] = {
    "ja": Text(ja="日本語", en="日本語"),
    "en": Text(ja="English", en="English"),
}

# the table and hands
TABLE_SHOW_HAND = Text(ja="手札を見る", en="Show my hand")
TABLE_TURN = Text(ja="手番：{who}", en="Turn: {who}")
TABLE_DEADLINE = Text(ja="{when}まで", en="ends {when}")
TABLE_SCORES = Text(ja="得点", en="Scores")
TABLE_LAST_MOVE = Text(ja="直前の手", en="Last move")
TABLE_OVER = Text(ja="ゲーム終了", en="Game over")
TABLE_STOPPED = Text(ja="中止 — 手番はありません。", en="Stopped — no one is to play.")
TABLE_ABANDONED = Text(ja="このゲームは中止されました。", en="This game was abandoned.")
HAND_REFRESH = Text(ja="更新", en="Refresh")
HAND_CONFIRM = Text(ja="決定", en="Confirm")
HAND_CONFIRM_PROMPT = Text(
    ja="**{choice}** を選びました。取り消せません。「決定」で確定するか、選び直してください。",
    en=(
        "You chose **{choice}**. It cannot be taken back: press Confirm to play it, or choose "
        "again."
    ),
)
HAND_CLOSED = Text(
    ja="古い状態を見せないよう手札を閉じました — 押すと開き直します。",
    en="Hand closed so it never shows an old state — press to open it again.",
)
HAND_SENT_DM = Text(ja="手札をDMに送りました。", en="Your hand is in your DMs.")
HAND_DM_CLOSED = Text(
    ja="DMを送れなかった（DMが閉じています）ので、ここに表示します。",
    en="I could not DM you (your DMs are closed), so here it is.",
)
MOVE_DONE = Text(ja="完了しました。", en="Done.")
#: The turn ping, by where the pinged player acts: on the table, in the hand they open, or
#: in the DM hand it links to.
PINGS: dict[str, Text] = {
    "table": Text(
        ja="{mentions} {game}のあなたの番です — 卓のボタンを使ってください。",
        en="{mentions} your turn in {game} — use the buttons on the table.",
    ),
    "hand": Text(
        ja="{mentions} {game}のあなたの番です — 下の「手札を見る」を押してください。",
        en="{mentions} your turn in {game} — press “Show my hand” below.",
    ),
    "dm": Text(
        ja="{mentions} {game}のあなたの番です — 手札はDMにあります:",
        en="{mentions} your turn in {game} — your hand is in your DMs:",
    ),
}
PING_DEADLINE = Text(ja="（{when}に時間切れ）", en="(time runs out {when})")
FINAL_WINNER = Text(ja="勝者：{winners}", en="Winner: {winners}")
FINAL_WINNERS = Text(ja="同点優勝：{winners}", en="Shared win: {winners}")

# admin
GAME_LIST_EMPTY = Text(
    ja="このサーバーにはまだゲームがありません。", en="No games in this server yet."
)
GAME_LIST_LINE = Text(
    ja="#{id} {game} — {status} — {where} — {players}",
    en="#{id} {game} — {status} — {where} — {players}",
)
GAME_LIST_FINISHED = Text(ja="終了したゲーム", en="Finished")
GAME_LIST_FINISHED_LINE = Text(
    ja="#{id} {game} — {where} — {players}", en="#{id} {game} — {where} — {players}"
)
GAME_LIST_RESULT = Text(ja="🏆 {winners} · {scores}", en="🏆 {winners} · {scores}")
HISTORY_TITLE = Text(ja="{game} #{id} — 全記録", en="{game} #{id} — the whole log")
HISTORY_EMPTY = Text(ja="まだ何も起きていません。", en="Nothing has happened yet.")
HISTORY_PAGE = Text(ja="{page}/{pages}ページ", en="Page {page}/{pages}")
REFERENCE_TITLE = Text(ja="{game} — 早見表", en="{game} — reference")
TABLE_REFERENCE = Text(ja="早見表", en="Reference")
TABLE_HISTORY = Text(ja="記録", en="Log")
GAME_ABANDONED = Text(
    ja="ゲーム #{id}（{game}）は中止されました。", en="Game #{id} ({game}) was abandoned."
)
TABLE_AWAY = Text(
    ja="離席中（CPUが代わりに遊んでいます）: {names}", en="Away (a CPU plays for them): {names}"
)
TABLE_RETURN_SEAT = Text(ja="席に戻る", en="Take my seat back")
GAME_RETURNED = Text(ja="{player}が{seat}番席に戻りました。", en="{player} is back in seat {seat}.")
ERROR_NOT_AWAY = Text(
    ja="このゲームでCPUが代わりに遊んでいるあなたの席はありません。",
    en="No seat of yours is played by a CPU in this game.",
)
CMD_GAME_RETURN = Text(ja="復帰", en="return")
CMD_GAME_RETURN_DESC = Text(
    ja="CPUが代わりに遊んでいる自分の席に戻ります", en="Take back your seat that a CPU plays"
)
GAME_REPLACED = Text(
    ja="{player}（{seat}番席）はCPUが代わりに遊びます。",
    en="{player} (seat {seat}) is now played by a CPU.",
)
#: A game's status (`GameRecord.status`) in `/game list`.
STATUSES: dict[str, Text] = {
    "lobby": Text(ja="募集中", en="lobby"),
    "playing": Text(ja="対戦中", en="playing"),
    "finished": Text(ja="終了", en="finished"),
    "abandoned": Text(ja="中止", en="abandoned"),
}
#: `/settings hand`: where a player's hand is shown, by stored value.
SETTINGS_HAND: dict[str, Text] = {
    "ephemeral": Text(
        ja="手札は自分だけに見えるメッセージで表示します。",
        en="Your hand will be shown as an ephemeral message.",
    ),
    "dm": Text(
        ja="手札はDMで送ります（DMが閉じている場合はここに表示します）。",
        en="Your hand will be sent by DM (and shown here if your DMs are closed).",
    ),
}
#: `/settings pictures`: the player's choice, by value.
SETTINGS_PICTURES: dict[str, Text] = {
    "on": Text(
        ja="手札を画像付きで表示します（サーバーが画像を表示する場合）。",
        en="Your hand is shown with a picture (when this server shows pictures).",
    ),
    "off": Text(ja="手札を文字だけで表示します。", en="Your hand is shown as text only."),
}
#: `/game pictures`: the server's choice, by value.
SETTINGS_SERVER_PICTURES: dict[str, Text] = {
    "on": Text(
        ja="このサーバーの卓と手札を画像付きで表示します。",
        en="Tables and hands in this server are shown with pictures.",
    ),
    "off": Text(
        ja="このサーバーの卓と手札を文字だけで表示します。",
        en="Tables and hands in this server are shown as text only.",
    ),
}

# errors
ERROR_BAD_OPTION = Text(
    ja="無効なオプションがあります。一覧から選んでください。",
    en="One of the options is not valid. Please pick from the list.",
)
ERROR_DAMAGED = Text(
    ja="このゲームの保存データが壊れているため続行できません。他のゲームには影響ありません。",
    en="This game's saved data is damaged and it cannot continue. Other games are not affected.",
)
ERROR_STORAGE = Text(
    ja="保存に失敗したため、その手は記録されていません（何も変わっていません）。もう一度どうぞ。",
    en="I could not save that move (storage problem). Nothing changed; try again.",
)
STATUS_DAMAGED = Text(ja="データ破損", en="damaged")
ERROR_GAME_OVER = Text(ja="このゲームは終了しています。", en="This game is over.")
ERROR_NOT_YOUR_TURN = Text(ja="あなたの番ではありません。", en="It is not your turn.")
ERROR_NOT_LEGAL = Text(ja="その手は今は指せません。", en="That move is not allowed now.")
ERROR_MALFORMED = Text(ja="無効な操作です。", en="That control is not valid.")
ERROR_NO_SUCH_SEAT = Text(ja="その席はありません。", en="That seat does not exist.")
ERROR_STALE = Text(
    ja="このボタンが表示された後に卓が変わりました。現在の状態を表示します。",
    en="The table has changed since this button was shown. Here is the current view.",
)
ERROR_NOT_PLAYER = Text(
    ja="あなたはこのゲームの参加者ではありません。", en="You are not playing in this game."
)
ERROR_NOT_YOUR_SEAT = Text(
    ja="そのボタンは他のプレイヤーのものです。", en="That button belongs to another player."
)
ERROR_UNKNOWN_GAME = Text(ja="そのゲームが見つかりません。", en="I can't find that game.")
ERROR_NOT_STARTED = Text(
    ja="このゲームはまだ始まっていません。", en="This game has not started yet."
)
ERROR_ALREADY_STARTED = Text(
    ja="このゲームはもう始まっています。", en="This game has already started."
)
ERROR_UNKNOWN_CONTROL = Text(
    ja="このボタンは無効か、もう使えません。",
    en="This button is not one of mine, or it is no longer valid.",
)
ERROR_GUILD_ONLY = Text(
    ja="ゲームはサーバーのチャンネルでのみ遊べます。",
    en="Games can only be played in a server channel.",
)
ERROR_HOST_ONLY = Text(ja="ホストだけができる操作です。", en="Only the host can do that.")
ERROR_MANAGE_ONLY = Text(
    ja="「サーバー管理」権限のあるメンバーだけができる操作です。",
    en="Only members with Manage Server can do that.",
)
ERROR_ALREADY_JOINED = Text(ja="すでに参加しています。", en="You are already in this game.")
ERROR_LOBBY_FULL = Text(ja="満席です。", en="The game is full.")
ERROR_HOST_CANNOT_LEAVE = Text(
    ja="ホストは退出できません。代わりに募集を中止してください。",
    en="The host can't leave; cancel the lobby instead.",
)
ERROR_PLAYER_COUNT = Text(
    ja="このゲームは{min}〜{max}人で遊びます。", en="This game needs {min}–{max} players."
)
ERROR_OPTIONS_INVALID = Text(
    ja="この設定はこの人数では使えません：{detail}",
    en="These settings don't fit this number of players: {detail}",
)
ERROR_NO_GAME_HERE = Text(
    ja="ここにはあなたのゲームがありません。", en="There is no game of yours here."
)
ERROR_WHICH_GAME = Text(
    ja="ここでは複数のゲームが進行中です。ゲーム番号を指定してください（/ゲーム 一覧）。",
    en="Several games run here; give the game number (see /game list).",
)
ERROR_NOT_IN_GAME = Text(
    ja="そのユーザーはこのゲームに参加していません。", en="That user is not playing in this game."
)
ERROR_NO_PERMISSION = Text(
    ja="その操作の権限がありません。", en="You don't have permission to do that."
)
ERROR_STOPPING = Text(
    ja="ボットを再起動中です。何も変更されていません。少し後でお試しください。",
    en="The bot is restarting. Please try again in a moment; nothing was changed.",
)
QUOTA_COOLDOWN = Text(
    ja="ゲームを開いたばかりです。次に開けるのは{when}です。",
    en="You have just opened a game. You can open another {when}.",
)
QUOTA_CHANNEL_LOBBIES = Text(
    ja=(
        "このチャンネルには募集中のロビーがすでに上限の{n}件あります。どれかが開始または中止される"
        "と空きができます。"
    ),
    en=(
        "This channel already has {n} open lobbies, its limit. A place frees up when one of them "
        "starts or is cancelled."
    ),
)
QUOTA_USER_LOBBIES = Text(
    ja=(
        "すでに上限の{n}件のロビーに参加しています。どれかから抜けるか、自分のロビーを開始または中"
        "止すると、新しく開いたり参加したりできます。"
    ),
    en=(
        "You are already in {n} open lobbies, the limit per player. Leave one, or start or cancel "
        "one of yours, to open or join another."
    ),
)
QUOTA_LOBBY_EXPIRES = Text(
    ja="動きのないロビーは{when}に自動で閉じます。",
    en="The least active one closes by itself {when} if nothing happens in it.",
)
QUOTA_USER_GAMES = Text(
    ja=(
        "すでに上限の{n}件のゲームをプレイ中です。どれかが終了（または /ゲーム "
        "中止）すると、新しく開始・参加できます。"
    ),
    en=(
        "You are already playing {n} games, the limit per player. You can start or join another "
        "once one of them ends (or is abandoned with /game abandon)."
    ),
)
LOBBY_EXPIRED = Text(
    ja=(
        "この{game}のロビーは{minutes}分間動きがなかったため閉じました。/ゲーム作成 "
        "で新しく開けます。"
    ),
    en=(
        "This {game} lobby closed after {minutes} minutes without activity. Run /newgame to open a "
        "new one."
    ),
)
ERROR_INTERNAL = Text(
    ja="内部エラーが発生しました。何も変更されていません。もう一度お試しください。",
    en="Something went wrong on my side. Nothing was changed; please try again.",
)

#: Why a move was refused, by reason code: the engine's shared codes (`games.core.Reason`) and
#: the service's (`bot.sessions.MoveRefused`). A game's own codes are in its `texts.REASONS`.
REASONS: dict[str, Text] = {
    Reason.GAME_OVER: ERROR_GAME_OVER,
    Reason.NOT_YOUR_TURN: ERROR_NOT_YOUR_TURN,
    Reason.NOT_LEGAL: ERROR_NOT_LEGAL,
    Reason.MALFORMED: ERROR_MALFORMED,
    Reason.NO_SUCH_SEAT: ERROR_NO_SUCH_SEAT,
    "not_started": ERROR_NOT_STARTED,
    "stale": ERROR_STALE,
    "storage": ERROR_STORAGE,
}
