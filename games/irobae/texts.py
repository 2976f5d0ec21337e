"""Japanese and English texts of 色映に生へど: name, rules, colours, options, steps, reasons."""

from __future__ import annotations

from games.core import Lang
from games.irobae.rules import colour_of, number_of

NAME: dict[str, str] = {"ja": "色映に生へど", "en": "色映に生へど (Irobae ni Haedo)"}

#: The five colours, indexed by colour number 0–4: motif and colour in both languages.
#: Japanese names keep their Japanese form in English, with the reading and a translation.
COLOURS: tuple[dict[str, str], ...] = (
    {"ja": "花", "ja_colour": "赤", "reading": "hana", "en": "flower", "en_colour": "red"},
    {"ja": "鳥", "ja_colour": "橙", "reading": "tori", "en": "bird", "en_colour": "orange"},
    {"ja": "傘", "ja_colour": "黄", "reading": "kasa", "en": "umbrella", "en_colour": "yellow"},
    {"ja": "扇", "ja_colour": "緑", "reading": "ōgi", "en": "fan", "en_colour": "green"},
    {"ja": "蝶", "ja_colour": "青", "reading": "chō", "en": "butterfly", "en_colour": "blue"},
)


def colour_name(colour: int, lang: Lang) -> str:
    """Full colour name: `花（赤）` / `花 hana (flower, red)`."""
    row = COLOURS[colour]
    if lang == "ja":
        return f"{row['ja']}（{row['ja_colour']}）"
    return f"{row['ja']} {row['reading']} ({row['en']}, {row['en_colour']})"


def colour_short(colour: int, lang: Lang) -> str:
    """Short colour name for buttons: `花` / `flower`."""
    return COLOURS[colour]["ja" if lang == "ja" else "en"]


def card_name(card: int, lang: Lang) -> str:
    """A card by id: `花7` / `flower 7`."""
    return (
        f"{colour_short(colour_of(card), lang)}{number_of(card)}"
        if lang == "ja"
        else f"{colour_short(colour_of(card), lang)} {number_of(card)}"
    )


#: Step names as shown on the table (`public_view().phase`).
PHASES: dict[str, dict[str, str]] = {
    "pass": {"ja": "カードを渡す", "en": "Passing cards"},
    "play": {"ja": "カードのプレイ", "en": "Playing tricks"},
    "over": {"ja": "ゲーム終了", "en": "Game over"},
}

#: Words a table or hand renderer needs.
TERMS: dict[str, dict[str, str]] = {
    "deal": {"ja": "ディール", "en": "Deal"},
    "trick": {"ja": "トリック", "en": "Trick"},
    "dealer": {"ja": "配り役", "en": "Dealer"},
    "leader": {"ja": "リード", "en": "Leader"},
    "turn": {"ja": "手番", "en": "To play"},
    "trump_marker": {"ja": "切り札表示カード", "en": "Trump marker"},
    "trump": {"ja": "切り札色", "en": "Trump colour"},
    "follow": {"ja": "フォローする色", "en": "Colours to follow"},
    "hand": {"ja": "手札", "en": "Hand"},
    "pile": {"ja": "獲得したカード", "en": "Won cards"},
    "passed": {"ja": "渡したカード", "en": "Cards passed"},
    "received": {"ja": "受け取ったカード", "en": "Cards received"},
    "waiting_pass": {"ja": "選択中", "en": "Choosing"},
    "done_pass": {"ja": "選択済み", "en": "Chosen"},
    "choose_pass": {
        "ja": "左隣に渡すカードを2枚選んでください",
        "en": "Choose 2 cards to pass left",
    },
    "minimums": {"ja": "公開された最小札", "en": "Open minimums"},
    "deal_scores": {"ja": "ディール毎の得点", "en": "Scores per deal"},
    "total": {"ja": "合計", "en": "Total"},
    "unused": {"ja": "未使用のカード", "en": "Unused cards"},
    "winner": {"ja": "勝者", "en": "Winner"},
}

#: Log lines per event kind; `{seat}` and the event's data fields are filled in by a renderer
#: (`{card}` and `{trump}` as names).
EVENTS: dict[str, dict[str, str]] = {
    "deal_start": {
        "ja": "第{deal}/{deals}ディール開始（配り役: {dealer}）",
        "en": "Deal {deal}/{deals} begins (dealer: {dealer})",
    },
    "passed": {"ja": "{seat}が渡すカードを選んだ", "en": "{seat} has chosen cards to pass"},
    "pass_done": {"ja": "全員がカードを左隣に渡した", "en": "Everyone passed 2 cards left"},
    "play": {"ja": "{seat}: {card}", "en": "{seat}: {card}"},
    "marker_moved": {
        "ja": "{seat}が{card}を出し、切り札が{trump}に移った",
        "en": "{seat} played {card}; trump moves to {trump}",
    },
    "trick_end": {
        "ja": "第{trick}トリックは{seat}の勝ち（切り札 {trump}）",
        "en": "{seat} wins trick {trick} (trump {trump})",
    },
    "deal_end": {"ja": "第{deal}ディール終了", "en": "Deal {deal} is over"},
    "deal_pile": {"ja": "{seat}の獲得札 {pile} = {score}", "en": "{seat} won {pile} = {score}"},
    "pile_none": {"ja": "なし", "en": "nothing"},
    "game_over": {"ja": "ゲーム終了", "en": "Game over"},
}

OPTION_TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "open_minimums": {
        "ja": (
            "最小札を公開",
            "獲得した札のうち各色で一番小さい数字の札を表向きに並べる（より戦略的）",
        ),
        "en": (
            "Open minimums",
            "Each player's lowest won card of each colour lies face up (more strategic)",
        ),
    }
}

REASONS: dict[str, dict[str, str]] = {
    "already_passed": {
        "ja": "渡すカードはもう選びました。全員が選ぶまでお待ちください。",
        "en": "You have already chosen your cards to pass; wait for the others.",
    },
    "wrong_step": {
        "ja": "今はその操作をする段階ではありません。",
        "en": "That move belongs to another step of the deal.",
    },
    "not_in_hand": {
        "ja": "そのカードは手札にありません。",
        "en": "That card is not in your hand.",
    },
    "must_follow": {
        "ja": "このトリックで出された色のカードを持っているので、その中から出してください。",
        "en": "You hold a colour already played in this trick: play one of those.",
    },
}

RULES: dict[str, str] = {
    "ja": """\
**色映に生へど** — 3〜6人、切り札の色が動くトリックテイキング
**カード** 5色（花＝赤・鳥＝橙・傘＝黄・扇＝緑・蝶＝青）。各色 1〜2N（N＝人数）、計10N枚。
**ゲーム** N回ディールし、配り役は毎回左隣へ（最初の配り役はランダム）。
**1. 配る** 各自9枚。残りN枚は伏せたまま使いません。
**2. 渡す** 全員が同時に手札から2枚を選び、左隣に伏せて渡します。\
全員が選び終わるまで誰が何を選んだかは見えません。その後、右隣からの2枚を手札に加えます。
**3. 9トリック** 配り役の左隣が最初にリード。
・リードは好きなカードを出し、その横に**切り札表示カード**を置きます。
・以降時計回りに：**このトリックで出されたいずれかの色**を持っていれば、その中から1枚を出します。
・持っていなければ好きなカードを出し、切り札表示カードをそのカードの横に**移します**（その色が新しい切り札）。
・切り札表示カードの横の色で一番大きい数字を出した人が勝ち、出された全カードを獲得します。勝者が次のリード。
**4. 得点** 獲得したカードを色ごとに：一番小さい数字はその数字が得点、それ以外は1枚−1点。
例：鳥2・5・8・9 → 2−3＝−1、花6だけ → 6、合計+5。
N回のディールの合計が最も高い人の勝ち。同点は全員勝ち。
**オプション：最小札を公開** 各自、獲得した各色の一番小さい札を\
表向きに並べておきます（残りは伏せたまま）。
**見える情報** 場のトリック・切り札表示・終わったトリックの記録・手札の枚数・得点は全員に公開。\
手札・渡した/受け取ったカード・獲得したカードは本人だけ。
""",
    "en": """\
**色映に生へど (Irobae ni Haedo)** — 3–6 players, a trick-taking game whose trump colour moves.
**Cards** 5 colours: 花 hana (flower, red), 鳥 tori (bird, orange), 傘 kasa (umbrella, yellow), \
扇 ōgi (fan, green), 蝶 chō (butterfly, blue). Each colour is numbered 1 to 2N (N = players), \
10N cards in all.
**Game** N deals; the dealer moves left each deal (the first dealer is random).
**1. Deal** 9 cards each. The N cards left over stay face down, unused.
**2. Pass** Everyone at once chooses 2 cards and passes them face down to the left neighbour; \
nobody sees anyone's choice until all have chosen. Then add the 2 cards received from the right.
**3. Nine tricks** The player left of the dealer leads the first trick.
• The leader plays any card and puts the **trump marker** beside it.
• Then clockwise: if you hold a card of **any colour already played in this trick**, you must \
play one of those.
• If you hold none, play any card and **move the trump marker** beside it: its colour is the \
new trump.
• The highest number in the colour beside the trump marker wins and takes every card of the \
trick. The winner leads next.
**4. Score each deal** For each colour in your won cards: the lowest card scores its number, \
every other card of that colour scores −1.
Example: bird 2, 5, 8, 9 → 2 − 3 = −1; flower 6 alone → 6; total +5.
After N deals the highest total wins; ties share the win.
**Option — open minimums** Everyone keeps their lowest won card of each colour face up; the \
rest stays face down.
**Who sees what** Everyone: the current trick, the trump marker, finished tricks, hand sizes, \
scores. Only you: your hand, the cards you passed and received, your won cards.
""",
}
