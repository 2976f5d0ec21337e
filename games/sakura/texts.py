"""Japanese and English texts of the cherry-tree flower game."""

from __future__ import annotations

__all__ = [
    "CARDS",
    "COLOUR_NAMES",
    "CONDITIONS",
    "GROUP_NAMES",
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

NAME: dict[str, str] = {
    "ja": "十年に一度咲く桜の木の伝説",
    "en": "The Legend of the Cherry Tree that Blossoms Every Ten Years",
}

#: Flower colours (the engine's colour ids are the keys).
COLOUR_NAMES: dict[str, dict[str, str]] = {
    "red": {"ja": "赤", "en": "red"},
    "yellow": {"ja": "黄", "en": "yellow"},
    "lightblue": {"ja": "水色", "en": "light blue"},
    "blue": {"ja": "青", "en": "blue"},
    "white": {"ja": "白", "en": "white"},
    "black": {"ja": "黒", "en": "black (wild)"},
}

#: Screen groups.
GROUP_NAMES: dict[str, dict[str, str]] = {
    "warm": {"ja": "赤・黄グループ", "en": "warm group (red + yellow)"},
    "cool": {"ja": "水色・青グループ", "en": "cool group (light blue + blue)"},
}

#: Mastery cards (cherry varieties): name and a one-line ability text.
CARDS: dict[str, dict[str, dict[str, str]]] = {
    "someiyoshino": {
        "name": {"ja": "染井吉野", "en": "染井吉野 (Somei-yoshino)"},
        "text": {
            "ja": "自分の場か今回のコマから1個をついたての中へ",
            "en": "Put 1 flower from your field or this turn's flowers behind your screen",
        },
    },
    "shinsumizome": {
        "name": {"ja": "新墨染", "en": "新墨染 (Shin-sumizome)"},
        "text": {
            "ja": "巾着から見せずに1個引き、ついたての中へ",
            "en": "Draw 1 flower unseen; it goes behind your screen",
        },
    },
    "kenrokuen": {
        "name": {"ja": "兼六園熊谷", "en": "兼六園熊谷 (Kenrokuen-kumagai)"},
        "text": {
            "ja": "2個引き、それぞれ自分の場・ついたての中・他プレイヤーの場へ",
            "en": "Draw 2; put each on your field, behind your screen or on another field",
        },
    },
    "komatsuotome": {
        "name": {"ja": "小松乙女", "en": "小松乙女 (Komatsu-otome)"},
        "text": {
            "ja": "3個引き、黒以外の1個を自分の場へ。残りは巾着へ",
            "en": "Draw 3, put 1 non-black one on your field, the rest go back",
        },
    },
    "sakuyahime": {
        "name": {"ja": "咲耶姫", "en": "咲耶姫 (Sakuya-hime)"},
        "text": {
            "ja": "自分の場か今回のコマ1個と他プレイヤーの場の1個を交換（黒不可）",
            "en": "Swap 1 flower of your field or this turn with 1 on another field (no black)",
        },
    },
    "kokonoe": {
        "name": {"ja": "九重", "en": "九重 (Kokonoe)"},
        "text": {
            "ja": "他プレイヤー2人の場から1個ずつ奪う（黒・同色不可。2人用は相手から2個）",
            "en": "Take 1 flower from each of 2 other fields (no black, not the same colour; "
            "2 players: 2 from the opponent)",
        },
    },
}

#: Mastery card conditions.
CONDITIONS: dict[str, dict[str, str]] = {
    "four_colours": {"ja": "4色", "en": "4 colours"},
    "two_pairs": {"ja": "2組", "en": "2 pairs"},
    "six_flowers": {"ja": "6個", "en": "6 flowers"},
}

#: Mastery card sides (the `mastery_side` option).
SIDE_NAMES: dict[str, dict[str, str]] = {
    "classic": {"ja": "基本面", "en": "classic side"},
    "advanced": {"ja": "上級面", "en": "advanced side"},
}

#: Option values as the lobby shows them.
OPTION_VALUES: dict[str, dict[str, dict[str, str]]] = {"mastery_side": SIDE_NAMES}

#: Step names as `public_view().step` gives them.
STEPS: dict[str, dict[str, str]] = {
    "draw": {"ja": "コマを引く", "en": "Draw"},
    "keep": {"ja": "失敗：残すコマを選ぶ", "en": "Failed: choose flowers to keep"},
    "ability": {"ja": "能力を使う", "en": "Abilities"},
    "someiyoshino": {"ja": "染井吉野：コマを選ぶ", "en": "染井吉野: choose a flower"},
    "kenrokuen": {"ja": "兼六園熊谷：置き場所を選ぶ", "en": "兼六園熊谷: place the flower"},
    "komatsuotome": {"ja": "小松乙女：1個選ぶ", "en": "小松乙女: choose 1 flower"},
    "sakuyahime_give": {"ja": "咲耶姫：渡すコマ", "en": "咲耶姫: flower to give"},
    "sakuyahime_take": {"ja": "咲耶姫：もらうコマ", "en": "咲耶姫: flower to receive"},
    "kokonoe": {"ja": "九重：奪うコマ", "en": "九重: flower to take"},
    "screen": {"ja": "ついたての中に入れる", "en": "Behind the screen"},
    "split": {"ja": "白・黒の振り分け", "en": "Split white and black"},
    "over": {"ja": "ゲーム終了", "en": "Game over"},
}

#: Option labels and descriptions (label, description).
OPTION_TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "mastery_side": {
        "ja": (
            "桜カードの面",
            "基本面（染井吉野・新墨染・兼六園熊谷）か上級面（小松乙女・咲耶姫・九重）",
        ),
        "en": (
            "Mastery card side",
            "classic (染井吉野, 新墨染, 兼六園熊谷) or advanced (小松乙女, 咲耶姫, 九重)",
        ),
    },
}

#: Game-specific reason codes of `IllegalAction`.
REASONS: dict[str, dict[str, str]] = {
    "wrong_step": {"ja": "今はその操作はできません。", "en": "That is not possible at this step."},
    "draw_limit": {"ja": "1手番に引けるのは3回までです。", "en": "At most 3 draws per turn."},
    "too_many_flowers": {
        "ja": "1手番は8個まで、巾着にある数までしか引けません。",
        "en": "At most 8 flowers per turn, and no more than the bag holds.",
    },
    "must_draw": {"ja": "まず1回は引いてください。", "en": "Draw at least once first."},
    "same_colour": {"ja": "同じ色は選べません。", "en": "You cannot choose the same colour twice."},
    "no_such_flower": {"ja": "そのコマはありません。", "en": "That flower is not there."},
    "black_not_allowed": {"ja": "黒いコマは選べません。", "en": "Black flowers cannot be chosen."},
    "card_not_qualified": {
        "ja": "今回のコマはその桜カードの条件を満たしていません。",
        "en": "This turn's flowers do not meet that card's condition.",
    },
    "card_used": {
        "ja": "その能力はこの手番で使用済みです。",
        "en": "That ability was already used this turn.",
    },
    "ability_no_effect": {
        "ja": "その能力は今は何もできません。",
        "en": "That ability would have no effect now.",
    },
    "not_your_screen": {
        "ja": "他のプレイヤーのついたてには入れられません。",
        "en": "You cannot put flowers behind another player's screen.",
    },
    "not_other_player": {
        "ja": "他のプレイヤーを選んでください。",
        "en": "Choose another player.",
    },
    "same_player": {
        "ja": "2個目は別のプレイヤーから奪います。",
        "en": "Take the second flower from a different player.",
    },
    "must_take": {
        "ja": "奪えるコマがある限り奪います。",
        "en": "You must take a flower while one can be taken.",
    },
    "invalid_split": {"ja": "その振り分けはできません。", "en": "That split is not possible."},
    "no_real_flower": {
        "ja": "そのグループのコマがついたての中にないため、振り分けられません。",
        "en": "You have no real flower of that group behind your screen.",
    },
}

RULES: dict[str, str] = {
    "ja": "\n".join(
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
    "en": "\n".join(
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
}


def colour_name(colour: str, lang: str) -> str:
    """A colour's display name."""
    return COLOUR_NAMES[colour]["en" if lang != "ja" else "ja"]


def card_name(card: str, lang: str) -> str:
    """A mastery card's display name."""
    return CARDS[card]["name"]["en" if lang != "ja" else "ja"]
