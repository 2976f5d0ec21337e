"""Japanese and English texts: title, rules summary, suit names, steps, options, reasons, log."""

from __future__ import annotations

from typing import NamedTuple

from games.core import Lang
from games.text import Text

NAME = Text(ja="Take & Share（テイク＆シェア）", en="Take & Share")


#: **Decision** (the seed does not name its six suits): six colours, each with an emoji.
#: Index = suit number 0–5 used everywhere (actions, views, scoring API).
class Suit(NamedTuple):
    """A suit: its id in score breakdowns, its emoji (also the language-free short form) and
    its name."""

    key: str
    emoji: str
    name: Text


SUITS: tuple[Suit, ...] = (
    Suit("red", "🔴", Text(ja="赤", en="Red")),
    Suit("yellow", "🟡", Text(ja="黄", en="Yellow")),
    Suit("green", "🟢", Text(ja="緑", en="Green")),
    Suit("blue", "🔵", Text(ja="青", en="Blue")),
    Suit("purple", "🟣", Text(ja="紫", en="Purple")),
    Suit("black", "⚫", Text(ja="黒", en="Black")),
)
SUIT_KEYS: tuple[str, ...] = tuple(s.key for s in SUITS)

#: A card's name: `🔴赤7` / `🔴Red 7` (the Ace is the number 1).
CARD_NAME = Text(ja="{emoji}{suit}{number}", en="{emoji}{suit} {number}")


def suit_name(suit: int, lang: Lang) -> str:
    """`🔴赤` / `🔴Red`."""
    entry = SUITS[suit]
    return f"{entry.emoji}{entry.name(lang)}"


def card_name(card: tuple[int, int], lang: Lang) -> str:
    """`🔴赤7` / `🔴Red 7`."""
    suit, number = card
    entry = SUITS[suit]
    return CARD_NAME(lang, emoji=entry.emoji, suit=entry.name(lang), number=number)


def card_short(card: tuple[int, int]) -> str:
    """`🔴7`: compact, language-free (button labels)."""
    return f"{SUITS[card[0]].emoji}{card[1]}"


RULE_NAMES = {
    "highest": Text(ja="全員フォロー：最も高い数字が勝ち", en="all followed: highest wins"),
    "lowest": Text(ja="スート違いあり：最も低い数字が勝ち", en="off-suit played: lowest wins"),
}

OPTION_TEXT = {
    "long_game": (
        Text(ja="ロングゲーム", en="Long game"),
        Text(
            ja="誰かの累計得点が20点（3人なら30点）を超えるまで連続で遊び、累計で競う",
            en="Play games in a row until someone's total is above 20 (30 with 3 players)",
        ),
    ),
}

REASONS = {
    "must_follow": Text(
        ja="リードと同じスートのカードを持っているので、そのスートを出してください。",
        en="You hold the lead suit, so you must play it.",
    ),
    "not_in_hand": Text(ja="そのカードは手札にありません。", en="That card is not in your hand."),
    "already_received": Text(
        ja="そのプレイヤーはこのシェアで既にカードを受け取っています（1人1枚）。",
        en="That player already received a card in this share (one card each).",
    ),
    "wrong_share_card": Text(
        ja="今配るシェアカードはそのカードではありません。",
        en="That is not the share card being given now.",
    ),
    "wrong_step": Text(
        ja="今はその操作をする段階ではありません。",
        en="That move does not belong to the current step.",
    ),
}

#: Log lines per event kind; fields come from the event's `data` plus `seat` (a player name)
#: and pre-formatted card names (`card`, `cards`, `to`), filled in by the renderer.
LOG: dict[str, Text] = {
    "game_start": Text(
        ja="第{game}ゲーム開始。最初のリードは{seat}。",
        en="Game {game} begins. {seat} leads first.",
    ),
    "play": Text(ja="{seat}が{card}を出した。", en="{seat} played {card}."),
    "trick_won": Text(
        ja="第{trick}トリックは{seat}の勝ち（{rule}）。", en="{seat} won trick {trick} ({rule})."
    ),
    "share": Text(
        ja="{seat}がトリックのカードを新しいシェアカードにし、旧シェアカード{cards}を配る。",
        en="{seat} lays the trick out as the new share cards and hands out {cards}.",
    ),
    "share_last": Text(
        ja="{seat}が最後のシェアとして旧シェアカード{cards}を配る。"
        "最後のトリックのカードはシェアされない。",
        en="{seat} hands out {cards} in the last share; the last trick's cards are not shared.",
    ),
    "give": Text(ja="{seat}が{card}を{to}に渡した。", en="{seat} gave {card} to {to}."),
    # The whole log, read later: a received card is seen once as it is given, then only by
    # its owner (「いつでも自分だけが確認できます」).
    "give_unseen": Text(ja="{seat}が{to}にカードを渡した。", en="{seat} gave {to} a card."),
    "game_end": Text(ja="第{game}ゲーム終了。", en="Game {game} is over."),
    "game_over": Text(ja="ゲーム終了！", en="Game over!"),
}

RULES = Text(
    ja="\n".join(
        [
            "**Take & Share** — 3〜4人・トリックテイキング",
            (
                "**カード** 6スート（🔴赤 🟡黄 🟢緑 🔵青 🟣紫 ⚫黒）。4人：各"
                "スート1〜10（計60枚）、手札14枚、シェアカード4枚。3人：各スート"
                "3〜10（計48枚）、手札15枚、シェアカード3枚。残りのカードは表向き"
                "の「シェアカード」になります。"
            ),
            (
                "**トリック** 最初のリードはランダム。リードは好きなカードを1枚出し"
                "、以降時計回りに1枚ずつ出します。リードと同じスートを持っていれば**必"
                "ず**出します（マストフォロー）。"
            ),
            "**勝者**",
            "・全員がリードと同じスート → 最も**高い**数字が勝ち",
            (
                "・1枚でも違うスート → スートに関係なく最も**低い**数字が勝ち。同"
                "じ数字なら先に出した人"
            ),
            (
                "**シェア**（最後のトリックも含めて毎回）勝者はトリックのカードを新しい"
                "シェアカードとして表向きに置き、それまでのシェアカードを**全員に1枚ず"
                "つ**（自分も含む）配ります。誰に何を配ったかは全員が見られますが、受け"
                "取ったカードは伏せて自分だけが確認できます。配る順はボタンで1枚ずつ、ま"
                "だ受け取っていない人から選びます。最後の1枚は残った人に自動で渡ります。"
                "勝者が次のリードです。最後のトリックとシェアが終わるとゲーム終了。最後の"
                "トリックで使ったカードはシェアされません（受け取るカードは1トリックにつき"
                "1枚ずつ、4人なら14枚、3人なら15枚）。"
            ),
            (
                "**得点** 受け取ったカードをスートごとに分け、スートの数字の合計が最"
                "も高いプレイヤー（同点なら全員）が、そのスートの自分の枚数分の得点を得ま"
                "す。6スートの合計が最も高い人の勝ち。同点は勝利を分け合います。"
            ),
            ("例：赤で A=3+4+5+6=18（4枚）、B=8+10=18（2枚）、C=1+2+9=12、D=7 → Aが4点、Bが2点。"),
            (
                "**ロングゲーム**（オプション）誰かの累計得点が20点（3人なら30点"
                "）を**超えた**ゲームで終了し、累計得点の最も高い人が勝ち。各ゲームの"
                "最初のリードは前のゲームの最初のリードの左隣です。"
            ),
        ]
    ),
    en="\n".join(
        [
            "**Take & Share** — trick-taking for 3–4 players",
            (
                "**Cards** Six suits (🔴Red 🟡Yellow 🟢Green 🔵Blue 🟣Purple ⚫Black). 4 players:"
                " 1–10 of each suit (60 cards; 1 is the Ace), 14 cards each, 4 share cards."
                " 3 players: 3–10 of each suit (48 cards), 15 each, 3 share cards. The "
                "leftover cards lie face up as the **share cards**."
            ),
            (
                "**Tricks** The first leader is random. The leader plays any card, then "
                "each player clockwise plays one. You **must follow** the lead suit if you "
                "can; otherwise play anything."
            ),
            "**Winner**",
            "• Every card is of the lead suit → the **highest** number wins.",
            (
                "• Any card off-suit → the **lowest** number wins, whatever its suit; on a "
                "tie the card played first wins."
            ),
            (
                "**Share** (after every trick, the last one included) The winner lays the "
                "trick's cards face up as the new share cards and gives the old share cards "
                "out, **one to each player** (themself included). Everyone sees who got "
                "what; each receiver keeps their card face down and may look at their own "
                "received cards any time. The winner gives one card at a time, choosing "
                "among players who have not yet received one; the last card goes to the "
                "last player automatically. The winner leads next. The game ends after the "
                "last trick's share; the last trick's own cards are never shared (everyone "
                "receives one card per trick: 14 with 4 players, 15 with 3)."
            ),
            (
                "**Scoring** Sort your received cards by suit. For each suit, the player(s)"
                " with the highest sum of that suit score 1 point per card of that suit "
                "they hold. Highest total wins; ties share the win."
            ),
            (
                "Example: Red — A 3+4+5+6=18 (4 cards), B 8+10=18 (2 cards), C 1+2+9=12, D "
                "7 → A scores 4, B scores 2."
            ),
            (
                "**Long game** (option) Play games in a row, adding up scores, until a game"
                " ends with someone's total **above** 20 (30 with 3 players); the highest "
                "total wins. Each game's first leader sits left of the previous game's "
                "first leader."
            ),
        ]
    ),
)


# The table and the hand (bot/render/take_and_share.py)

TRICK_HEADER = Text(ja="第{n}/{total}トリック", en="Trick {n}/{total}")
GAME_HEADER = Text(ja="第{n}ゲーム", en="Game {n}")
TRICKS_LEFT = Text(ja="残りトリック：{n}/{total}", en="Tricks left: {n}/{total}")
TRICK = Text(ja="場のトリック", en="Current trick")
LEAD = Text(ja="リード {suit}", en="lead {suit}")
NO_CARD = Text(ja="（まだ出ていません）", en="(no card yet)")
LAST_TRICK = Text(ja="第{n}トリック → {seat}の勝ち（{rule}）", en="Trick {n} → {seat} won ({rule})")
SHARE_CARDS = Text(ja="シェアカード", en="Share cards")
TO_GIVE = Text(ja="配るカード", en="To give")
GIVEN = Text(ja="（受け取り済み：{seats}）", en=" (received already: {seats})")
GIVE_TO = Text(ja="{card}を誰に渡しますか？", en="Who gets {card}?")
NEW_SHARE = Text(ja="新しいシェアカード", en="New share cards")
UNSHARED = Text(
    ja="最後のトリックのカード（シェアされません）",
    en="The last trick's cards (never shared)",
)
PLAYERS = Text(ja="プレイヤー", en="Players")
PLAYER_LINE = Text(ja="手札{hand}・受取{received}", en="hand {hand} · received {received}")
PLAYER_TOTAL = Text(ja="・累計{total}", en=" · total {total}")
SCORES = Text(
    ja="累計得点（{target}点を超えたら終了）",
    en="Running scores (the series ends above {target})",
)
GAME_LINE = Text(ja="第{n}ゲーム：{scores}", en="Game {n}: {scores}")
TOTAL = Text(ja="合計：{scores}", en="Total: {scores}")
GIFT_LOG = Text(ja="シェアの記録（このゲーム）", en="Gift log (this game)")
LABEL_LOG = Text(ja="最近の手", en="Recent moves")
STEP_LEAD = Text(ja="リード", en="lead")
STEP_FOLLOW = Text(ja="{suit}をフォロー", en="follow {suit}")
STEP_GIVE = Text(ja="{card}を配る", en="hand out {card}")
YOUR_HAND = Text(ja="あなたの手札（{n}枚）", en="Your hand ({n})")
RECEIVED = Text(ja="受け取ったカード（{n}枚）", en="Your received cards ({n})")
NONE = Text(ja="（なし）", en="(none)")
HAND_TRICK = Text(ja="トリック", en="Trick")
PROMPT_LEAD = Text(
    ja="あなたの番です。好きなカードを1枚出してください（リード）。",
    en="Your turn: lead any card.",
)
PROMPT_FOLLOW = Text(
    ja="あなたの番です。{suit}を持っていれば必ず出してください。",
    en="Your turn: play a card — {suit} if you have one.",
)
PROMPT_GIVE = Text(
    ja="あなたがトリックに勝ちました。卓のボタンでシェアカードを1人1枚ずつ配ってください。",
    en=(
        "You won the trick: hand out the share cards, one per player, with the buttons on the "
        "table."
    ),
)
WAIT = Text(ja="{who}の番です。", en="Waiting for {who}.")
FINAL = Text(ja="最終得点", en="Final scores")
TOTAL_LINE = Text(ja="合計：{n}", en="Total: {n}")
LONG_FINAL = Text(
    ja="ロングゲーム：{games}ゲーム（{target}点を超えて終了）",
    en="Long game: {games} games (ended above {target})",
)
NO_RECEIVED = Text(ja="受け取ったカードなし", en="no cards received")

# The pictures (bot/render/pictures/take_and_share.py), where they word things more briefly

PICTURE_HEADER = Text(
    ja="第{game}ゲーム・トリック{trick}/{tricks}",
    en="Game {game} · trick {trick}/{tricks}",
)
PICTURE_TARGET = Text(ja="目標{target}点", en="target {target}")
PICTURE_TRICK = Text(ja="場のトリック", en="Trick in play")
PICTURE_LEAD = Text(ja="リード: {suit}", en="lead: {suit}")
PICTURE_SHARE = Text(ja="シェア（勝者が配る）", en="Share (the winner hands out)")
PICTURE_NONE = Text(ja="なし", en="none")
PICTURE_HAND = Text(ja="手札{n}", en="hand {n}")
PICTURE_RECEIVED = Text(ja="獲得{n}枚", en="received {n}")
PICTURE_TOTAL = Text(ja="{n}点", en="{n} pts")
PICTURE_YOUR_HAND = Text(
    ja="あなたの手札（金枠が出せるカード）",
    en="Your hand (gold frame: playable)",
)
PICTURE_YOUR_RECEIVED = Text(ja="獲得したカード", en="Cards you received")
PICTURE_GAME = Text(ja="第{n}ゲーム", en="Game {n}")
PICTURE_POINTS = Text(ja="{n}点", en="{n} pts")
