"""Japanese and English texts of the cherry-tree flower game."""

from __future__ import annotations

from games.core import Lang
from games.text import Text

__all__ = [
    "CARDS",
    "COLOUR_NAMES",
    "CONDITIONS",
    "NAME",
    "OPTION_TEXT",
    "OPTION_VALUES",
    "REASONS",
    "RULES",
    "SIDE_NAMES",
    "STEPS",
    "card_name",
    "colour_name",
]

NAME = Text(
    ja="十年に一度咲く桜の木の伝説",
    en="The Legend of the Cherry Tree that Blossoms Every Ten Years",
)

#: Flower colours (the engine's colour ids are the keys).
COLOUR_NAMES: dict[str, Text] = {
    "red": Text(ja="赤", en="red"),
    "yellow": Text(ja="黄", en="yellow"),
    "lightblue": Text(ja="水色", en="light blue"),
    "blue": Text(ja="青", en="blue"),
    "white": Text(ja="白", en="white"),
    "black": Text(ja="黒", en="black (wild)"),
}

#: Mastery cards (cherry varieties): name and a one-line ability text.
CARDS: dict[str, dict[str, Text]] = {
    "someiyoshino": {
        "name": Text(ja="染井吉野", en="染井吉野 (Somei-yoshino)"),
        "text": Text(
            ja="自分の場か今回のコマから1個をついたての中へ",
            en="Put 1 flower from your field or this turn's flowers behind your screen",
        ),
    },
    "shinsumizome": {
        "name": Text(ja="新墨染", en="新墨染 (Shin-sumizome)"),
        "text": Text(
            ja="巾着から見せずに1個引き、ついたての中へ",
            en="Draw 1 flower unseen; it goes behind your screen",
        ),
    },
    "kenrokuen": {
        "name": Text(ja="兼六園熊谷", en="兼六園熊谷 (Kenrokuen-kumagai)"),
        "text": Text(
            ja="2個引き、それぞれ自分の場・ついたての中・他プレイヤーの場へ",
            en="Draw 2; put each on your field, behind your screen or on another field",
        ),
    },
    "komatsuotome": {
        "name": Text(ja="小松乙女", en="小松乙女 (Komatsu-otome)"),
        "text": Text(
            ja="3個引き、黒以外の1個を自分の場へ。残りは巾着へ",
            en="Draw 3, put 1 non-black one on your field, the rest go back",
        ),
    },
    "sakuyahime": {
        "name": Text(ja="咲耶姫", en="咲耶姫 (Sakuya-hime)"),
        "text": Text(
            ja="自分の場か今回のコマ1個と他プレイヤーの場の1個を交換（黒不可）",
            en="Swap 1 flower of your field or this turn with 1 on another field (no black)",
        ),
    },
    "kokonoe": {
        "name": Text(ja="九重", en="九重 (Kokonoe)"),
        "text": Text(
            ja="他プレイヤー2人の場から1個ずつ奪う（黒・同色不可。2人用は相手から2個）",
            en="Take 1 flower from each of 2 other fields (no black, not the same colour; "
            "2 players: 2 from the opponent)",
        ),
    },
}

#: Mastery card conditions.
CONDITIONS: dict[str, Text] = {
    "four_colours": Text(ja="4色", en="4 colours"),
    "two_pairs": Text(ja="2組", en="2 pairs"),
    "six_flowers": Text(ja="6個", en="6 flowers"),
}

#: Mastery card sides (the `mastery_side` option).
SIDE_NAMES: dict[str, Text] = {
    "classic": Text(ja="基本面", en="classic side"),
    "advanced": Text(ja="上級面", en="advanced side"),
}

#: Option values as the lobby shows them.
OPTION_VALUES: dict[str, dict[str, Text]] = {"mastery_side": SIDE_NAMES}

#: Step names as `public_view().step` gives them.
STEPS: dict[str, Text] = {
    "draw": Text(ja="コマを引く", en="Draw"),
    "keep": Text(ja="失敗：残すコマを選ぶ", en="Failed: choose flowers to keep"),
    "ability": Text(ja="能力を使う", en="Abilities"),
    "someiyoshino": Text(ja="染井吉野：コマを選ぶ", en="染井吉野: choose a flower"),
    "kenrokuen": Text(ja="兼六園熊谷：置き場所を選ぶ", en="兼六園熊谷: place the flower"),
    "komatsuotome": Text(ja="小松乙女：1個選ぶ", en="小松乙女: choose 1 flower"),
    "sakuyahime_give": Text(ja="咲耶姫：渡すコマ", en="咲耶姫: flower to give"),
    "sakuyahime_take": Text(ja="咲耶姫：もらうコマ", en="咲耶姫: flower to receive"),
    "kokonoe": Text(ja="九重：奪うコマ", en="九重: flower to take"),
    "screen": Text(ja="ついたての中に入れる", en="Behind the screen"),
    "split": Text(ja="白・黒の振り分け", en="Split white and black"),
    "over": Text(ja="ゲーム終了", en="Game over"),
}

#: Option labels and descriptions (label, description).
OPTION_TEXT: dict[str, tuple[Text, Text]] = {
    "mastery_side": (
        Text(ja="桜カードの面", en="Mastery card side"),
        Text(
            ja="基本面（染井吉野・新墨染・兼六園熊谷）か上級面（小松乙女・咲耶姫・九重）",
            en="classic (染井吉野, 新墨染, 兼六園熊谷) or advanced (小松乙女, 咲耶姫, 九重)",
        ),
    ),
}

#: Game-specific reason codes of `IllegalAction`.
REASONS: dict[str, Text] = {
    "wrong_step": Text(ja="今はその操作はできません。", en="That is not possible at this step."),
    "draw_limit": Text(ja="1手番に引けるのは3回までです。", en="At most 3 draws per turn."),
    "too_many_flowers": Text(
        ja="1手番は8個まで、巾着にある数までしか引けません。",
        en="At most 8 flowers per turn, and no more than the bag holds.",
    ),
    "must_draw": Text(ja="まず1回は引いてください。", en="Draw at least once first."),
    "same_colour": Text(ja="同じ色は選べません。", en="You cannot choose the same colour twice."),
    "no_such_flower": Text(ja="そのコマはありません。", en="That flower is not there."),
    "black_not_allowed": Text(ja="黒いコマは選べません。", en="Black flowers cannot be chosen."),
    "card_not_qualified": Text(
        ja="今回のコマはその桜カードの条件を満たしていません。",
        en="This turn's flowers do not meet that card's condition.",
    ),
    "card_used": Text(
        ja="その能力はこの手番で使用済みです。", en="That ability was already used this turn."
    ),
    "ability_no_effect": Text(
        ja="その能力は今は何もできません。", en="That ability would have no effect now."
    ),
    "not_your_screen": Text(
        ja="他のプレイヤーのついたてには入れられません。",
        en="You cannot put flowers behind another player's screen.",
    ),
    "not_other_player": Text(ja="他のプレイヤーを選んでください。", en="Choose another player."),
    "same_player": Text(
        ja="2個目は別のプレイヤーから奪います。",
        en="Take the second flower from a different player.",
    ),
    "must_take": Text(
        ja="奪えるコマがある限り奪います。", en="You must take a flower while one can be taken."
    ),
    "invalid_split": Text(ja="その振り分けはできません。", en="That split is not possible."),
    "no_real_flower": Text(
        ja="そのグループのコマがついたての中にないため、振り分けられません。",
        en="You have no real flower of that group behind your screen.",
    ),
}

RULES = Text(
    ja="\n".join(
        [
            "**十年に一度咲く桜の木の伝説**（2〜4人）",
            "巾着からコマ（花）を引いて自分の場に並べ、一部をついたての中に隠します。",
            (
                "**コマ**: 赤・黄・水色・青・白の5色と黒（何色にもなる）。4人: 各18+黒6、3人: 各1"
                "5+黒5、2人: 各13+黒4から見ないまま3個除外。"
            ),
            "",
            "**手番**",
            "1. **引く**: 引く個数を選んで引き、続けるか止めるか決めます。最大3回・1手番8個まで。",
            (
                "　**失敗**: 今回のコマが同色3個、または5色そろったら失敗（黒は失敗する色として数"
                "えます）。黒は巾着へ戻し、残りから**違う色2個**を選んで場に置き、他は巾着へ。1色"
                "しか残っていなければ1個。手番終了。"
            ),
            (
                "2. **能力**: 止めたとき、今回のコマが条件を満たす桜カードの能力を各1回ずつ、好き"
                "な順に使えます。黒は4色・2組で何色にも、6個で1個に数えます。"
            ),
            (
                "　• 4色 — 染井吉野: 場か今回のコマ1個をついたての中へ ／ 小松乙女: 3個引き黒以外"
                "の1個を場へ、残りは巾着へ（全部黒なら全部戻す）"
            ),
            (
                "　• 2組 — 新墨染: 見せずに1個引きついたての中へ ／ 咲耶姫: 場か今回のコマ1個と他"
                "人の場の1個を交換（黒不可、もらったコマは場へ）"
            ),
            (
                "　• 6個 — 兼六園熊谷: 2個引き、それぞれ自分の場・ついたて・他人の場へ ／ 九重: "
                "他の2人の場から1個ずつ奪う（黒・同色不可。2人用は相手から2個）"
            ),
            "　能力で動いたコマは今回のコマに入りません。巾着が足りなければ残りだけ引きます。",
            (
                "3. **ついたて**: 今回のコマから1色を選び、好きな数（0も可）をついたての中へ。残"
                "りは場へ。"
            ),
            "",
            "手番終了時に巾着が空ならゲーム終了（失敗した手番では終わりません）。",
            "",
            "**得点**",
            (
                "**場**: 色ごとに 1:−3, 2:−1, 3:1, 4:3, 5:5, 6:8, 7:11, 8:15, 9:19, 10以上:24。場"
                "の黒は好きな色として数えても、数えなくてもよく、一番得になるよう自動計算（黒1個"
                "だけなら0点）。"
            ),
            (
                "**ついたて**: 白と黒は全員同時に秘密で赤・黄グループと水色・青グループに振り分け"
                "ます（制限時間2分。時間切れの人は、本物のコマが多いグループへ全部）。そのグル"
                "ープのコマが1個以上ないと数えられず、得点もできません。"
            ),
            "　赤・黄: 1位18・2位10・3位8 ／ 水色・青: 1位16・2位12・3位8。",
            "　同数は該当順位の点を合計して等分（切り捨て）し、次の順位は下がります。",
            "　2人用: 多い方が2位の点（10／12）、少ない方は0。同数なら半分ずつ。",
            (
                "合計が多い人の勝ち。同点ならついたての中のコマが多い人、それも同じなら勝利を分け"
                "合います。"
            ),
        ]
    ),
    en="\n".join(
        [
            "**The Legend of the Cherry Tree that Blossoms Every Ten Years** (2-4 players)",
            "Draw flowers from a bag, grow your field, and hide some behind your screen.",
            (
                "**Flowers**: red, yellow, light blue, blue, white, plus black (wild). 4 players: "
                "18 of each + 6 black; 3: 15 + 5; 2: 13 + 4, then 3 removed unseen."
            ),
            "",
            "**Your turn**",
            (
                "1. **Draw**: choose how many to draw, look, then draw again or stop. At most 3 "
                "draws and 8 flowers."
            ),
            (
                "　**Failure**: 3 of one colour or all 5 colours among this turn's flowers (each "
                "black counts as the colour that fails you). Blacks go back; keep **2 of "
                "different colours** on your field (1 if only one colour is left); the rest go "
                "back. Turn over."
            ),
            (
                "2. **Abilities**: after stopping, use each mastery card whose condition this "
                "turn's flowers meet, once each, in any order. Black counts as any colour for 4 "
                "colours / 2 pairs, and as a flower for 6 flowers."
            ),
            (
                "　• 4 colours — 染井吉野 (Somei-yoshino): 1 flower from your field or this turn "
                "behind your screen / 小松乙女 (Komatsu-otome): draw 3, put a non-black one on "
                "your field, the rest go back (all black: all go back)"
            ),
            (
                "　• 2 pairs — 新墨染 (Shin-sumizome): draw 1 unseen behind your screen / 咲耶姫 "
                "(Sakuya-hime): swap 1 of your field or this turn with 1 on another field (no "
                "black; yours goes onto your field)"
            ),
            (
                "　• 6 flowers — 兼六園熊谷 (Kenrokuen-kumagai): draw 2, put each on your field, "
                "behind your screen or on another field / 九重 (Kokonoe): take 1 from each of 2 "
                "other fields (no black, not the same colour; 2 players: 2 from the opponent)"
            ),
            (
                "　Flowers moved by abilities leave this turn's flowers. A short bag gives what "
                "is left."
            ),
            (
                "3. **Screen**: pick one colour among this turn's flowers and put any number (0 "
                "too) behind your screen; the rest go onto your field."
            ),
            "",
            "The game ends when the bag is empty at the end of a turn (a failed turn refills it).",
            "",
            "**Scoring**",
            (
                "**Field**, per colour: 1: −3, 2: −1, 3: 1, 4: 3, 5: 5, 6: 8, 7: 11, 8: 15, 9: "
                "19, 10+: 24. Each black on a field may count as any colour or as nothing; "
                "the best choice is made for you (one black alone scores 0)."
            ),
            (
                "**Screen**: everyone secretly splits their white and black between warm (red + "
                "yellow) and cool (light blue + blue) at once, within 2 minutes (no answer in "
                "time: all to the group with more real flowers). Wilds count only toward a group "
                "with a real flower behind the screen, and a group scores only with one."
            ),
            "　Warm: 1st 18, 2nd 10, 3rd 8. Cool: 1st 16, 2nd 12, 3rd 8.",
            (
                "　Ties add up the places they take and share them (rounded down); the next "
                "player drops."
            ),
            "　2 players: more gets the 2nd prize (10 / 12), the other 0; a tie shares it.",
            "Highest total wins; tie: more flowers behind the screen; still tied: shared win.",
        ]
    ),
)


def colour_name(colour: str, lang: Lang) -> str:
    """A colour's display name."""
    return COLOUR_NAMES[colour](lang)


def card_name(card: str, lang: Lang) -> str:
    """A mastery card's display name."""
    return CARDS[card]["name"](lang)


# The table and the hand (bot/render/sakura.py)

HEADER = Text(ja="第{n}手番", en="Turn {n}")
OVER = Text(ja="ゲーム終了", en="Game over")
LEGEND = Text(
    ja="🔴赤 🟡黄 💧水色 🔵青 ⚪白 ⚫黒（何色にもなる）",
    en="🔴 red 🟡 yellow 💧 light blue 🔵 blue ⚪ white ⚫ black (wild)",
)
BAG = Text(ja="👜 巾着 **{n}**個", en="👜 Bag: **{n}** flowers")
REMOVED = Text(ja="（見ないまま除外{n}個）", en=" ({n} removed unseen)")
TURN = Text(ja="🌸 今回のコマ — {seat}", en="🌸 This turn — {seat}")
TURN_COUNTS = Text(
    ja="{draws}/{max_draws}回目・{drawn}/{max_flowers}個",
    en="draw {draws}/{max_draws} · {drawn}/{max_flowers} flowers",
)
NONE = Text(ja="（なし）", en="(none)")
RISK = Text(
    ja="同色 {same}/{same_limit} ・ 色数 {colours}/{colours_limit}（黒は失敗する側に数える）",
    en=(
        "Same colour {same}/{same_limit} · colours {colours}/{colours_limit} (black counts against "
        "you)"
    ),
)
FATAL = Text(ja="⚠️ 次の1個が {flowers} なら失敗", en="⚠️ The next flower fails on {flowers}")
FATAL_ALL = Text(ja="⚠️ 次の1個が何色でも失敗", en="⚠️ Any next flower fails")
SAFE = Text(ja="安全: {flowers}", en="safe: {flowers}")
NO_RISK = Text(ja="まだ失敗の心配はありません", en="No risk of failure yet")
FAILED = Text(
    ja="💥 失敗！ 違う色2個を選んで場へ（他は巾着へ）",
    en="💥 Failed! Keep 2 of different colours on the field (the rest go back)",
)
STOPPED = Text(ja="✋ 止めました", en="✋ Stopped")
LABEL_CARDS = Text(ja="桜カード（{side}）", en="Mastery cards ({side})")
CARD_LINE = Text(ja="{mark} {condition} — **{card}**", en="{mark} {condition} — **{card}**")
CARD_LEGEND = Text(
    ja="✅今回の条件を満たす ・ ☑️使用済み ・ ▫️満たさない",
    en="✅ this turn qualifies · ☑️ used · ▫️ does not qualify",
)
ABILITY = Text(ja="✨ {card}", en="✨ {card}")
ABILITY_DRAWN = Text(ja="引いたコマ: {flowers}", en="Drawn: {flowers}")
ABILITY_NEXT = Text(
    ja="置くコマ: {flowers}（次は{flower}）",
    en="To place: {flowers} (next {flower})",
)
ABILITY_GIVE = Text(ja="渡すコマ: {flower}（{source}）", en="Giving: {flower} ({source})")
ABILITY_TAKEN = Text(ja="奪ったコマ: {taken}", en="Taken: {taken}")
SPLIT = Text(ja="🙈 白・黒の振り分け", en="🙈 Splitting white and black")
SPLIT_WAITING = Text(ja="選択中: {seats}", en="Choosing: {seats}")
SPLIT_DONE = Text(ja="提出済み: {seats}", en="Submitted: {seats}")
SPLIT_NOTE = Text(
    ja="ついたての中の白・黒を、全員が同時に秘密でグループへ振り分けます。",
    en="Everyone splits the white/black behind their screen at once, in secret.",
)
SEAT_NAME = Text(
    ja="{seat} — 場{points}点 ・ 🙈{screen}個",
    en="{seat} — field {points} pts · 🙈 {screen}",
)
SEAT_FINAL = Text(ja="{seat} — **{score}点**", en="{seat} — **{score} pts**")
FIELD_LINE = Text(ja="場: {flowers} → **{points}点**", en="Field: {flowers} → **{points}**")
BLACK_LINE = Text(ja="（黒→{colours}）", en=" (⚫ as {colours})")
BLACK_NONE = Text(ja="数えない×{n}", en="nothing ×{n}")
SCREEN_LINE = Text(ja="ついたて: {flowers}", en="Screen: {flowers}")
WILD_LINE = Text(
    ja="白・黒{n}個 → 赤黄{warm}・水青{cool}",
    en="⚪⚫ {n} → warm {warm} · cool {cool}",
)
WARM_LINE = Text(ja="🔴🟡 赤・黄 {count} → **{points}点**", en="🔴🟡 warm {count} → **{points}**")
COOL_LINE = Text(ja="💧🔵 水色・青 {count} → **{points}点**", en="💧🔵 cool {count} → **{points}**")
TOTAL_LINE = Text(
    ja="**合計 {score}点**（ついたて{flowers}個）",
    en="**Total {score}** (screen {flowers} flowers)",
)
LOG = Text(ja="最近の手", en="Recent moves")
FINAL = Text(ja="最終得点", en="Final scores")
TIEBREAK = Text(
    ja="同点のため、ついたての中のコマが多い人の勝ちです。",
    en="Tied on points: more flowers behind the screen wins.",
)
SHARED = Text(
    ja="得点もついたての中のコマ数も同じなので、勝利を分かち合います。",
    en="Tied on points and on screen flowers: the win is shared.",
)
#: Where a flower comes from, by action and event `source`, on buttons and in ability lines.
SOURCES: dict[str, Text] = {
    "field": Text(ja="場", en="field"),
    "turn": Text(ja="今回のコマ", en="this turn"),
}
DRAW = Text(ja="{n}個引く", en="Draw {n}")
STOP = Text(ja="止める", en="Stop")
KEEP = Text(ja="{a}と{b}を残す", en="Keep {a} + {b}")
USE = Text(ja="{card}", en="{card}")
DONE = Text(ja="能力を使わずに次へ", en="No more abilities")
PICK = Text(ja="{colour}を場へ", en="{colour} to my field")
GIVE = Text(ja="{source}の{colour}を渡す", en="Give {colour} ({source})")
TAKE = Text(ja="{seat}の{colour}", en="{seat}: {colour}")
KOKONOE_DONE = Text(ja="2人目からは奪わない", en="Take nothing more")
MOVE = Text(ja="{source}の{colour}", en="{colour} ({source})")
PLACE_OWN = Text(ja="自分の場", en="My field")
PLACE_SCREEN = Text(ja="ついたての中", en="Behind my screen")
PLACE_OTHER = Text(ja="{seat}の場", en="{seat}'s field")
SCREEN_NONE = Text(ja="入れない", en="Nothing")
SCREEN_N = Text(ja="{colour}×{n}", en="{colour} ×{n}")
SPLIT_BTN = Text(
    ja="赤黄{warm}個（白黒+{w}）・水青{cool}個（+{c}）",
    en="warm {warm} flowers (+{w} wild) · cool {cool} (+{c})",
)
SPLIT_DEFAULT = Text(ja="（時間切れ時）", en=" (default)")
SPLIT_CHOOSE = Text(ja="振り分けを選ぶ…", en="Choose your split…")
YOUR_SCREEN = Text(ja="🙈 あなたのついたて（{n}個・秘密）", en="🙈 Your screen ({n}, secret)")
SCREEN_GROUPS = Text(
    ja="赤・黄 {warm}個 ・ 水色・青 {cool}個 ・ 白・黒 {wilds}個",
    en="warm {warm} · cool {cool} · white/black {wilds}",
)
YOUR_FIELD = Text(ja="あなたの場 — {points}点", en="Your field — {points} pts")
THIS_TURN = Text(ja="今回のコマ", en="This turn")
SPLIT_HELP = Text(
    ja=(
        "白・黒{wilds}個のうち何個を赤・黄へ回すか選んでください（残りは水色・青へ）。本物のコマが"
        "ないグループには数えられません。"
    ),
    en=(
        "Choose how many of your {wilds} white/black go to warm (the rest go to cool). They count "
        "only toward a group with a real flower behind your screen."
    ),
)
SPLIT_DEFAULT_LINE = Text(
    ja="時間切れのときは 赤黄{warm}個・水青{cool}個 になります。",
    en="If time runs out: warm {warm} flowers · cool {cool} flowers.",
)
SPLIT_PRIZES = Text(
    ja="個数の順位で得点 — 赤黄: {warm} · 水青: {cool}",
    en="Points by rank of the counts — warm: {warm} · cool: {cool}",
)
SPLIT_PRIZES_TWO = Text(
    ja="個数の多い方が得点 — 赤黄{warm}点・水青{cool}点（同数は半分ずつ）",
    en="The larger count scores — warm: {warm} pts · cool: {cool} pts (a tie halves it)",
)
PLACES = Text(ja="{n}位", en="#{n}")
PTS = Text(ja="{n}点", en="{n} pts")
CARD_EFFECT = Text(ja="　↳ {text}", en="　↳ {text}")
REF_CARDS = Text(ja="このゲームの桜カード（{side}）", en="Mastery cards in this game ({side})")
SPLIT_DEADLINE = Text(ja="締め切り {when}", en="Time runs out {when}")
SPLIT_MINE = Text(
    ja="あなたの振り分け: 赤黄{warm}・水青{cool}",
    en="Your split: warm {warm} · cool {cool}",
)
PROMPT_SPLIT = Text(
    ja="白・黒を振り分けてください（全員同時・秘密）。",
    en="Split your white and black (everyone at once, in secret).",
)
#: What the player to act is asked, by `PublicView.step` (兼六園熊谷 names its flower:
#: `PROMPT_KENROKUEN`).
PROMPTS: dict[str, Text] = {
    "draw": Text(
        ja="あなたの番です。卓のボタンで引く個数を選ぶか、止めてください。",
        en="Your turn: choose how many to draw on the table, or stop.",
    ),
    "keep": Text(
        ja="失敗しました。卓のボタンで場に残す2色を選んでください。",
        en="Your turn failed: choose the 2 colours to keep on the table.",
    ),
    "ability": Text(
        ja="卓のボタンで使う能力を選んでください（使わなくても構いません）。",
        en="Choose an ability on the table (or none).",
    ),
    "komatsuotome": Text(
        ja="小松乙女: 卓のボタンで場に置く1個を選んでください。",
        en="小松乙女: choose the flower for your field on the table.",
    ),
    "sakuyahime_give": Text(
        ja="咲耶姫: 卓のボタンで渡すコマを選んでください。",
        en="咲耶姫: choose the flower to give on the table.",
    ),
    "sakuyahime_take": Text(
        ja="咲耶姫: 卓のボタンでもらうコマを選んでください。",
        en="咲耶姫: choose the flower to receive on the table.",
    ),
    "kokonoe": Text(
        ja="九重: 卓のボタンで奪うコマを選んでください。",
        en="九重: choose the flower to take on the table.",
    ),
    "someiyoshino": Text(
        ja="染井吉野: ついたての中へ入れるコマを選んでください。",
        en="染井吉野: choose the flower to put behind your screen.",
    ),
    "screen": Text(
        ja="ついたての中に入れる色と個数を選んでください（残りは場へ）。",
        en="Choose one colour and how many go behind your screen (the rest: field).",
    ),
}
PROMPT_KENROKUEN = Text(
    ja="兼六園熊谷: {flower}をどこに置きますか？",
    en="兼六園熊谷: where does {flower} go?",
)
PROMPT_SPLIT_DONE = Text(
    ja="振り分けを提出しました。ほかのプレイヤーを待っています。",
    en="Your split is in. Waiting for the others.",
)
PROMPT_SPLIT_NONE = Text(
    ja="ついたての中に白・黒がないので、振り分けはありません。",
    en="No white or black behind your screen: nothing to split.",
)
WAIT = Text(ja="{who}の番です（{step}）。", en="Waiting for {who} ({step}).")
WAIT_SPLIT = Text(ja="{who}の振り分けを待っています。", en="Waiting for {who} to split.")
EV_DRAW = Text(
    ja="{p}が{n}個引いた: {flowers}（巾着{bag}）",
    en="{p} drew {n}: {flowers} (bag {bag})",
)
EV_FAILURE = Text(ja="💥 {p}は失敗", en="💥 {p} failed")
EV_FAILURE_BLACK = Text(
    ja="💥 {p}は失敗、黒{n}個は巾着へ",
    en="💥 {p} failed; {n} black back to the bag",
)
EV_KEEP = Text(
    ja="{p}は{kept}を場に残し、{n}個を巾着へ",
    en="{p} kept {kept} on the field, {n} back to the bag",
)
EV_STOP = Text(ja="✋ {p}は{flowers}で止めた", en="✋ {p} stopped with {flowers}")
EV_STOP_CARDS = Text(
    ja="✋ {p}は{flowers}で止めた — {cards}",
    en="✋ {p} stopped with {flowers} — {cards}",
)
EV_ABILITY = Text(ja="✨ {p}が{card}を使う", en="✨ {p} uses {card}")
EV_HIDDEN_DRAW = Text(
    ja="{p}は見せずに1個引いてついたての中へ",
    en="{p} drew 1 unseen, behind the screen",
)
EV_ABILITY_DRAW = Text(ja="{p}が引いた: {flowers}", en="{p} drew {flowers}")
EV_ALL_BLACK = Text(ja="全部黒なので巾着へ戻す", en="All black: back to the bag")
EV_MOVE_TO_SCREEN = Text(
    ja="{p}は{source}から1個をついたての中へ",
    en="{p} put 1 flower from {source} behind the screen",
)
#: Where a flower comes from, by event `source`, in log lines.
FROM_SOURCES: dict[str, Text] = {
    "field": Text(ja="自分の場", en="their field"),
    "turn": Text(ja="今回のコマ", en="this turn's flowers"),
}
EV_PLACE_SCREEN = Text(ja="{p}はコマ1個をついたての中へ", en="{p} put a flower behind the screen")
EV_PLACE_OWN = Text(ja="{p}は{flower}を自分の場へ", en="{p} put {flower} on their field")
EV_PLACE_OTHER = Text(ja="{p}は{flower}を{other}の場へ", en="{p} put {flower} on {other}'s field")
EV_PICK = Text(
    ja="{p}は{flower}を場へ（{returned}は巾着へ）",
    en="{p} put {flower} on the field ({returned} back to the bag)",
)
EV_PICK_ALONE = Text(ja="{p}は{flower}を場へ", en="{p} put {flower} on the field")
EV_SWAP = Text(
    ja="{p}は{source}の{given}と{other}の{received}を交換",
    en="{p} swapped {given} ({source}) for {other}'s {received}",
)
EV_TAKE = Text(
    ja="{p}は{other}の場から{flower}を奪った",
    en="{p} took {flower} from {other}'s field",
)
EV_KOKONOE_END = Text(ja="{p}は九重を終えた", en="{p} ended 九重")
EV_SCREEN = Text(ja="{p}は{n}個をついたての中へ", en="{p} put {n} behind the screen")
EV_SCREEN_NONE = Text(ja="{p}はついたての中に入れなかった", en="{p} put nothing behind the screen")
EV_TO_FIELD = Text(ja="{p}の場へ: {flowers}", en="To {p}'s field: {flowers}")
EV_SPLIT_START = Text(
    ja="👜 巾着が空になりました。{seats}が白・黒を振り分けます",
    en="👜 The bag is empty: {seats} split white and black",
)
EV_SPLIT_START_NONE = Text(ja="👜 巾着が空になりました", en="👜 The bag is empty")
EV_SPLIT_SUBMITTED = Text(ja="{p}が振り分けを提出", en="{p} has split")
EV_REVEAL = Text(ja="🙈 全員のついたてを公開", en="🙈 Every screen is revealed")
EV_GAME_OVER = Text(ja="🏁 ゲーム終了: {scores}", en="🏁 Game over: {scores}")

# The pictures (bot/render/pictures/sakura.py), where they word things more briefly

PICTURE_HEADER = Text(ja="{turn}手番目", en="Turn {turn}")
PICTURE_BAG = Text(ja="巾着 残り{n}個", en="bag: {n} left")
PICTURE_TURN = Text(ja="{name}の今回のコマ", en="{name}'s flowers this turn")
PICTURE_RISK = Text(
    ja="同色 {same}/{same_limit}・色数 {colours}/{colours_limit}",
    en="same colour {same}/{same_limit} · colours {colours}/{colours_limit}",
)
PICTURE_FAILED = Text(ja="失敗", en="failed")
PICTURE_DRAWS = Text(ja="引いた回数 {draws}/{max}", en="draws {draws}/{max}")
PICTURE_USED = Text(ja="使用済み", en="used")
PICTURE_FIELD = Text(ja="{n}点", en="{n} pts")
PICTURE_SCREEN = Text(ja="ついたて{n}個", en="screen {n}")
PICTURE_SCREEN_FINAL = Text(ja="ついたて", en="screen")
PICTURE_YOUR_SCREEN = Text(ja="あなたのついたての中", en="Behind your screen")
PICTURE_WILDS = Text(ja="白・黒 {n}個", en="white + black {n}")
PICTURE_SPLIT = Text(ja="暖色へ {n}個", en="to warm {n}")
PICTURE_BREAKDOWN = Text(
    ja="場 {field}・暖 {warm}・寒 {cool}",
    en="field {field} · warm {warm} · cool {cool}",
)
PICTURE_POINTS = Text(ja="{n}点", en="{n} pts")
PICTURE_EMPTY = Text(ja="なし", en="none")
