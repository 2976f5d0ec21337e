"""Japanese and English texts of 色映に生へど: name, rules, colours, options, steps, reasons."""

from __future__ import annotations

from typing import NamedTuple

from games.core import Lang
from games.irobae.rules import colour_of, number_of
from games.text import Text

NAME = Text(ja="色映に生へど", en="色映に生へど (Irobae ni Haedo)")


class Colour(NamedTuple):
    """One of the five colours: the motif printed on its cards, its short name (buttons), its
    full name (the table) and its name in pictures. Japanese names keep their Japanese form in
    English, with the reading and a translation."""

    motif: str
    short: Text
    name: Text
    picture: Text


#: The five colours, indexed by colour number 0–4.
COLOURS: tuple[Colour, ...] = (
    Colour(
        "花",
        Text(ja="花", en="flower"),
        Text(ja="花（赤）", en="花 hana (flower, red)"),
        Text(ja="花（赤）", en="花 flower"),
    ),
    Colour(
        "鳥",
        Text(ja="鳥", en="bird"),
        Text(ja="鳥（橙）", en="鳥 tori (bird, orange)"),
        Text(ja="鳥（橙）", en="鳥 bird"),
    ),
    Colour(
        "傘",
        Text(ja="傘", en="umbrella"),
        Text(ja="傘（黄）", en="傘 kasa (umbrella, yellow)"),
        Text(ja="傘（黄）", en="傘 umbrella"),
    ),
    Colour(
        "扇",
        Text(ja="扇", en="fan"),
        Text(ja="扇（緑）", en="扇 ōgi (fan, green)"),
        Text(ja="扇（緑）", en="扇 fan"),
    ),
    Colour(
        "蝶",
        Text(ja="蝶", en="butterfly"),
        Text(ja="蝶（青）", en="蝶 chō (butterfly, blue)"),
        Text(ja="蝶（青）", en="蝶 butterfly"),
    ),
)

#: A card's name: `花7` / `flower 7`.
CARD_NAME = Text(ja="{colour}{number}", en="{colour} {number}")


def colour_name(colour: int, lang: Lang) -> str:
    """Full colour name: `花（赤）` / `花 hana (flower, red)`."""
    return COLOURS[colour].name(lang)


def colour_short(colour: int, lang: Lang) -> str:
    """Short colour name for buttons: `花` / `flower`."""
    return COLOURS[colour].short(lang)


def card_name(card: int, lang: Lang) -> str:
    """A card by id: `花7` / `flower 7`."""
    return CARD_NAME(lang, colour=colour_short(colour_of(card), lang), number=number_of(card))


#: Log lines per event kind; `{seat}` and the event's data fields are filled in by a renderer
#: (`{card}` and `{trump}` as names).
EVENTS: dict[str, Text] = {
    "deal_start": Text(
        ja="第{deal}/{deals}ディール開始（配り役: {dealer}）",
        en="Deal {deal}/{deals} begins (dealer: {dealer})",
    ),
    "passed": Text(ja="{seat}が渡すカードを選んだ", en="{seat} has chosen cards to pass"),
    "pass_done": Text(ja="全員がカードを左隣に渡した", en="Everyone passed 2 cards left"),
    "play": Text(ja="{seat}: {card}", en="{seat}: {card}"),
    "marker_moved": Text(
        ja="{seat}が{card}を出し、切り札が{trump}に移った",
        en="{seat} played {card}; trump moves to {trump}",
    ),
    "trick_end": Text(
        ja="第{trick}トリックは{seat}の勝ち（切り札 {trump}）",
        en="{seat} wins trick {trick} (trump {trump})",
    ),
    "deal_end": Text(ja="第{deal}ディール終了", en="Deal {deal} is over"),
    "deal_pile": Text(ja="{seat}の獲得札 {pile} = {score}", en="{seat} won {pile} = {score}"),
    "pile_none": Text(ja="なし", en="nothing"),
    "game_over": Text(ja="ゲーム終了", en="Game over"),
}

OPTION_TEXT: dict[str, tuple[Text, Text]] = {
    "open_minimums": (
        Text(ja="最小札を公開", en="Open minimums"),
        Text(
            ja="獲得した札のうち各色で一番小さい数字の札を表向きに並べる（より戦略的）",
            en="Each player's lowest won card of each colour lies face up (more strategic)",
        ),
    )
}

REASONS: dict[str, Text] = {
    "already_passed": Text(
        ja="渡すカードはもう選びました。全員が選ぶまでお待ちください。",
        en="You have already chosen your cards to pass; wait for the others.",
    ),
    "wrong_step": Text(
        ja="今はその操作をする段階ではありません。",
        en="That move belongs to another step of the deal.",
    ),
    "not_in_hand": Text(ja="そのカードは手札にありません。", en="That card is not in your hand."),
    "must_follow": Text(
        ja="このトリックで出された色のカードを持っているので、その中から出してください。",
        en="You hold a colour already played in this trick: play one of those.",
    ),
}

RULES = Text(
    ja=(
        "**色映に生へど** — 3〜6人、切り札の色が動くトリックテイキング\n**カード** "
        "5色（花＝赤・鳥＝橙・傘＝黄・扇＝緑・蝶＝青）。各色 1〜2N（N＝人数）、計10N枚。\n"
        "**ゲーム** N回ディールし、配り役は毎回左隣へ（最初の配り役はランダム）。\n**1. 配る** "
        "各自9枚。残りN枚は伏せたまま使いません。\n**2. 渡す** "
        "全員が同時に手札から2枚を選び、左隣に伏せて渡します。全員が選び終わるまで誰が何を選んだか"
        "は見えません。その後、右隣からの2枚を手札に加えます。\n**3. 9トリック** "
        "配り役の左隣が最初にリード。\n"
        "・リードは好きなカードを出し、その横に**切り札表示カード**を置きます。\n"
        "・以降時計回りに：**このトリックで出されたいずれかの色**を持っていれば、その中から1枚を出"
        "します。\n"
        "・持っていなければ好きなカードを出し、切り札表示カードをそのカードの横に**移します**（その"
        "色が新しい切り札）。\n"
        "・切り札表示カードの横の色で一番大きい数字を出した人が勝ち、出された全カードを獲得します。"
        "勝者が次のリード。\n**4. 得点** "
        "獲得したカードを色ごとに：一番小さい数字はその数字が得点、それ以外は1枚−1点。\n"
        "例：鳥2・5・8・9 → 2−3＝−1、花6だけ → 6、合計+5。\n"
        "N回のディールの合計が最も高い人の勝ち。同点は全員勝ち。\n**オプション：最小札を公開** "
        "各自、獲得した各色の一番小さい札を表向きに並べておきます（残りは伏せたまま）。\n"
        "**見える情報** "
        "場のトリック・切り札表示・終わったトリックの記録・手札の枚数・得点は全員に公開。手札・渡し"
        "た/受け取ったカード・獲得したカードは本人だけ。\n"
    ),
    en=(
        "**色映に生へど (Irobae ni Haedo)** — 3–6 players, a trick-taking game whose trump colour "
        "moves.\n**Cards** 5 colours: 花 hana (flower, red), 鳥 tori (bird, orange), 傘 kasa "
        "(umbrella, yellow), 扇 ōgi (fan, green), 蝶 chō (butterfly, blue). Each colour is "
        "numbered 1 to 2N (N = players), 10N cards in all.\n**Game** N deals; the dealer moves "
        "left each deal (the first dealer is random).\n**1. Deal** 9 cards each. The N cards left "
        "over stay face down, unused.\n**2. Pass** Everyone at once chooses 2 cards and passes "
        "them face down to the left neighbour; nobody sees anyone's choice until all have chosen. "
        "Then add the 2 cards received from the right.\n**3. Nine tricks** The player left of the "
        "dealer leads the first trick.\n• The leader plays any card and puts the **trump marker** "
        "beside it.\n• Then clockwise: if you hold a card of **any colour already played in this "
        "trick**, you must play one of those.\n• If you hold none, play any card and **move the "
        "trump marker** beside it: its colour is the new trump.\n• The highest number in the "
        "colour beside the trump marker wins and takes every card of the trick. The winner leads "
        "next.\n**4. Score each deal** For each colour in your won cards: the lowest card scores "
        "its number, every other card of that colour scores −1.\nExample: bird 2, 5, 8, 9 → 2 − 3 "
        "= −1; flower 6 alone → 6; total +5.\nAfter N deals the highest total wins; ties share the "
        "win.\n**Option — open minimums** Everyone keeps their lowest won card of each colour face "
        "up; the rest stays face down.\n**Who sees what** Everyone: the current trick, the trump "
        "marker, finished tricks, hand sizes, scores. Only you: your hand, the cards you passed "
        "and received, your won cards.\n"
    ),
)


# The table and the hand (bot/render/irobae.py)

HEADER = Text(ja="第{deal}/{deals}ディール", en="Deal {deal}/{deals}")
HEADER_TRICK = Text(
    ja="第{deal}/{deals}ディール・第{trick}/{tricks}トリック",
    en="Deal {deal}/{deals} · Trick {trick}/{tricks}",
)
DEALER_LINE = Text(
    ja="配り役 {seat}・未使用のカード{n}枚（伏せたまま）",
    en="Dealer {seat} · {n} unused cards (face down)",
)
PASS_TITLE = Text(
    ja="カードを渡す — 全員が同時に2枚を左隣へ",
    en="Passing — everyone at once, 2 cards to the left",
)
PASS_LEGEND = Text(
    ja="✅ 選択済み・⏳ 選択中（何を選んだかは全員が選ぶまで見えません）",
    en="✅ chosen · ⏳ choosing (nobody sees what until all have chosen)",
)
FIRST_LEADER = Text(ja="第1トリックのリード：{seat}", en="Leads trick 1: {seat}")
TRICK = Text(ja="第{n}トリック", en="Trick {n}")
TRICK_EMPTY = Text(ja="第{n}トリック — {seat}のリード", en="Trick {n} — {seat} leads")
LAST_TRICK = Text(
    ja="第{n}トリック → {seat}の勝ち（切り札 {trump}）",
    en="Trick {n} → {seat} won (trump {trump})",
)
TRUMP = Text(ja="切り札色", en="Trump")
FOLLOW = Text(ja="フォローする色", en="Must follow")
PLAYERS = Text(ja="プレイヤー", en="Players")
PLAYER_LINE = Text(
    ja="手札{hand}・{won}トリック・合計{total}",
    en="hand {hand} · tricks {won} · total {total}",
)
DEALER = Text(ja="配り役", en="dealer")
MINIMUMS = Text(ja="公開：{cards}", en="open: {cards}")
DEAL_SCORES = Text(ja="得点（ディール毎と合計）", en="Scores (per deal and total)")
DEAL_LINE = Text(ja="第{n}ディール：{scores}", en="Deal {n}: {scores}")
TOTAL_LINE = Text(ja="合計：{scores}", en="Total: {scores}")
LOG = Text(ja="最近の手", en="Recent moves")
STEP_PASS = Text(ja="2枚を選んで左隣へ渡す", en="choose 2 cards to pass left")
STEP_LEAD = Text(ja="リード", en="lead")
STEP_FOLLOW = Text(ja="{colours}をフォロー", en="follow {colours}")
YOUR_HAND = Text(ja="あなたの手札（{n}枚）", en="Your hand ({n})")
NONE = Text(ja="（なし）", en="(none)")
PASS_CHOICE = Text(ja="{seat}に渡す2枚（確定）", en="Passing to {seat} (final)")
PASS_DONE = Text(ja="このディールの受け渡し", en="This deal's pass")
PASSED_TO = Text(ja="{seat}へ渡した：{cards}", en="Passed to {seat}: {cards}")
RECEIVED_FROM = Text(ja="{seat}から受け取った：{cards}", en="Received from {seat}: {cards}")
PILE = Text(
    ja="獲得したカード（このディール）— {score}点",
    en="Your won cards (this deal) — {score} pts",
)
PILE_LINE = Text(ja="{cards} → {score}", en="{cards} → {score}")
HAND_TRICK = Text(ja="場", en="Trick")
CHOOSE_PASS = Text(ja="{seat}に渡す2枚を選ぶ…", en="Choose 2 cards to pass to {seat}…")
PROMPT_PASS = Text(
    ja="左隣の{seat}に渡すカードを2枚選んでください（選んだら取り消せません）。",
    en="Choose 2 cards to pass to {seat} on your left (a choice is final once made).",
)
PROMPT_PASSED = Text(
    ja="渡すカードを選びました。{who}が選ぶのを待っています。",
    en="Your 2 cards are chosen. Waiting for {who} to choose.",
)
PROMPT_LEAD = Text(
    ja="あなたの番です。好きなカードを1枚出してください（切り札表示カードがその横に置かれます）。",
    en="Your turn: lead any card (the trump marker goes beside it).",
)
PROMPT_FOLLOW = Text(
    ja="あなたの番です。{colours}のカードを出してください。",
    en="Your turn: play a card of {colours}.",
)
PROMPT_FREE = Text(
    ja=(
        "あなたの番です。{colours}を持っていないので好きなカードを出せます（切り札表示カードがその"
        "横に移ります）。"
    ),
    en=(
        "Your turn: you hold none of {colours}, so play any card (the trump marker moves beside "
        "it)."
    ),
)
WAIT = Text(ja="{who}の番です。", en="Waiting for {who}.")
FINAL = Text(ja="最終得点", en="Final scores")
FINAL_DEAL = Text(
    ja="第{n}ディール（配り役 {dealer}）：{score}",
    en="Deal {n} (dealer {dealer}): {score}",
)
FINAL_TOTAL = Text(ja="合計：{score}", en="Total: {score}")

# The pictures (bot/render/pictures/irobae.py), where they word things more briefly

PICTURE_HEADER = Text(
    ja="ディール{deal}/{deals}・トリック{trick}/{tricks}",
    en="Deal {deal}/{deals} · trick {trick}/{tricks}",
)
PICTURE_PASS = Text(
    ja="ディール{deal}/{deals}・カード交換",
    en="Deal {deal}/{deals} · passing cards",
)
PICTURE_TRICK = Text(ja="場のトリック", en="Trick in play")
PICTURE_TRUMP = Text(ja="切り札: {colour}", en="trump: {colour}")
PICTURE_NO_TRUMP = Text(ja="切り札: まだなし", en="trump: none yet")
PICTURE_HAND = Text(ja="手札{n}", en="hand {n}")
PICTURE_TRICKS = Text(ja="トリック{n}", en="tricks {n}")
PICTURE_TOTAL = Text(ja="{n}点", en="{n} pts")
PICTURE_PASSED = Text(ja="交換済み", en="passed")
PICTURE_LAST = Text(ja="前のトリック（勝者 {winner}）", en="Last trick (won by {winner})")
PICTURE_YOUR_HAND = Text(
    ja="あなたの手札（金枠が出せるカード）",
    en="Your hand (gold frame: playable)",
)
PICTURE_PILE = Text(
    ja="獲得したカード（今のディール {n}点）",
    en="Cards you won (this deal: {n} pts)",
)
PICTURE_DEAL = Text(ja="ディール{n}", en="Deal {n}")
PICTURE_SUM = Text(ja="合計", en="Total")
