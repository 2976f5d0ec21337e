"""Japanese and English texts of 襲ノ色目: names, yaku, rules summary, options, steps, reasons."""

from __future__ import annotations

from games.core import Lang
from games.text import Text

NAME = Text(ja="襲ノ色目", en="襲ノ色目 (Kasane no Irome — Colors of Kasane)")

#: Yaku names by id. English keeps the Japanese name with its reading.
YAKU_NAME: dict[str, Text] = {
    "kasane": Text(ja="襲ね", en="襲ね (Kasane)"),
    "ju": Text(ja="拾", en="拾 (Jū)"),
    "sakura_chirashi": Text(ja="桜散らし", en="桜散らし (Sakura-chirashi)"),
    "chidori": Text(ja="千鳥", en="千鳥 (Chidori)"),
    "asanoha": Text(ja="麻ノ葉", en="麻ノ葉 (Asa-no-ha)"),
    "kagen": Text(ja="下弦ノ月", en="下弦ノ月 (Kagen-no-tsuki)"),
    "jogen": Text(ja="上弦ノ月", en="上弦ノ月 (Jōgen-no-tsuki)"),
    "kachofugetsu": Text(ja="花鳥風月", en="花鳥風月 (Kachō-fūgetsu)"),
    "setsugetsufuka": Text(ja="雪月風花", en="雪月風花 (Setsugetsu-fūka)"),
}

#: Each yaku's condition, as printed on its card.
YAKU_CONDITION: dict[str, Text] = {
    "kasane": Text(ja="同じ数字(22・999)", en="all the same number (22, 999)"),
    "ju": Text(ja="合計がちょうど10(46・172)", en="numbers sum to exactly 10 (46, 172)"),
    "sakura_chirashi": Text(ja="1・2・6を順不同", en="exactly 1, 2, 6 in any order"),
    "chidori": Text(ja="3・8・9を順不同", en="exactly 3, 8, 9 in any order"),
    "asanoha": Text(ja="4・5・7を順不同", en="exactly 4, 5, 7 in any order"),
    "kagen": Text(
        ja="1〜5を昇順か降順(間が空いてよい、同じ数字不可)",
        en="1–5 strictly rising or falling (gaps allowed, no repeats)",
    ),
    "jogen": Text(
        ja="5〜9を昇順か降順(間が空いてよい、同じ数字不可)",
        en="5–9 strictly rising or falling (gaps allowed, no repeats)",
    ),
    "kachofugetsu": Text(ja="奇数のみ(順不同・重複可)", en="odd numbers only (any order, repeats)"),
    "setsugetsufuka": Text(
        ja="偶数のみ(順不同・重複可)", en="even numbers only (any order, repeats)"
    ),
}

#: Card names: numbers 1–9 (each number is also its colour) and the `+1` card (0).
CARD: dict[int, Text] = {
    **{n: Text(ja=str(n), en=str(n)) for n in range(1, 10)},
    0: Text(ja="+1", en="+1"),
}


def card_name(card: int, lang: Lang = "ja") -> str:
    return CARD[card](lang)


#: Option labels and descriptions.
OPTION_TEXT: dict[str, tuple[Text, Text]] = {
    "variant_a": (
        Text(ja="ヴァリアントA(上級)", en="Variant A (harder)"),
        Text(
            ja="3人用: 拾の2枚と襲ねの2枚のマスに1つずつおはじきを置いて開始",
            en="3 players only: one 拾 2-card slot and one 襲ね 2-card slot start used",
        ),
    ),
    "variant_b": (
        Text(ja="ヴァリアントB(初級)", en="Variant B (easier)"),
        Text(
            ja="+1カードを獲得した手番でも役を達成できる",
            en="you may meld in a turn in which you took a +1 card",
        ),
    ),
}

#: Messages for the game's own reason codes (the core ones are translated by the bot).
REASONS: dict[str, Text] = {
    "wrong_step": Text(
        ja="今はその操作はできません(獲得と役の達成の順番です)。",
        en="Not now: a turn is take a card, then meld.",
    ),
    "row_empty": Text(ja="その行にはカードがありません。", en="That row has no card."),
    "no_such_slot": Text(
        ja="その役にその枚数のマスはありません。", en="That yaku has no slot of that size."
    ),
    "slot_used": Text(
        ja="その役のその枚数のマスはもう使われています。",
        en="That slot of the yaku is already used.",
    ),
    "top_unusable": Text(
        ja="自分の場の1番上のカードは使えません(まだ役がないか、+1です)。",
        en="Your tableau's top card cannot be used (no meld yet, or it is a +1).",
    ),
    "bad_meld": Text(ja="その枚数では並べられません。", en="You cannot lay that many cards."),
    "no_yaku": Text(
        ja="その並びは役の条件を満たしていません。", en="That sequence does not satisfy the yaku."
    ),
}

#: Log lines by event kind; placeholders are filled from the event's seat and data
#: (`{player}` is the seat's display name, `{card}`/`{yaku}` already translated, `{row}` is
#: the event's 0-based row plus 1).
EVENTS: dict[str, Text] = {
    "game_start": Text(ja="ゲーム開始({rounds}ラウンド)", en="The game begins ({rounds} rounds)"),
    "round_start": Text(
        ja="第{round}ラウンド開始(スタート: {player})",
        en="Round {round} begins (start player: {player})",
    ),
    "take": Text(ja="{player}が{row}行目の{card}を獲得", en="{player} took row {row}: {card}"),
    "meld": Text(
        ja="{player}が{yaku} {count}枚を達成: {points}点",
        en="{player} melded {yaku} with {count} cards: {points} points",
    ),
    "no_meld": Text(ja="{player}は役を達成しなかった", en="{player} made no meld"),
    "round_end": Text(ja="第{round}ラウンド終了", en="Round {round} ends"),
    "reshuffle": Text(
        ja="捨て札を山札に混ぜた(最終ラウンド)",
        en="The discard pile is shuffled into the deck (last round)",
    ),
    "leftover_discarded": Text(
        ja="余った{count}枚を捨て札にした", en="The {count} leftover cards are discarded"
    ),
    "game_over": Text(ja="ゲーム終了", en="Game over"),
}

_RULES_JA = """\
**襲ノ色目** — 3〜4人・全員12手番
着物カード52枚(1〜9各5枚、+1が7枚)。数字はそのまま「色」です。3人では1〜9を各1枚と+1を2枚抜いた4\
1枚。
**共通の場**: 4人は4行×4枚(4ラウンド)、3人は3行×5枚(3ラウンド)を表向きに並べます。取れるのは各行\
の**1番上(手前)**のカードだけ。スタートプレイヤーはランダム。

**手番**
1. **獲得(必須)**: どれかの行の1番上を取り、**手札の1番上**に加えます。手札の順番は変えられませ\
ん(手札は非公開、枚数は公開)。
 **+1カード**は手札に入れず自分の場の1番上に置き、すぐ1点。その手番は役を達成できません。
2. **役の達成(任意・1手番に1つ)**: 手札の**上から連続したk枚**(今取ったカードを必ず含む)を、順番\
のまま自分の場に並べます。2回目以降は**自分の場の1番上のカード**(+1でなければ)を先頭に組み込めま\
す(そのカードは動きません)。判定する並び=[場の1番上] + 手札の一番下側から一番上まで。並びの枚数=\
マスの枚数。得点し、そのマスにおはじきを置きます(以後そのマスは使えません)。
 達成できる役がないときは、役の達成は自動で省略されます。

**役**(枚数:点、×2は2マス)
・襲ね 同じ数字 — 2:1×2・3:3×2・4:6
・拾 合計10 — 2:1×2・3:2・4:4
・桜散らし 126 / 千鳥 389 / 麻ノ葉 457(順不同)— 3: 先に4点、後に3点
・下弦ノ月 1〜5 / 上弦ノ月 5〜9 を昇順か降順(同じ数字不可)— 3:3・4:5・5:8
・花鳥風月 奇数のみ / 雪月風花 偶数のみ — 3:2・4:4・5:6・6:9
同じ枚数のマスが2つある場合は、先に空いている方から使います。+1はどの役にもなりません。
※マスの点数は原本の図が欠けているため、このボットの既定値です。

**ラウンド終了**: 場のカードが人数と同じ枚数になったら、残りを捨て札にして新しい場を並べ、スター\
トプレイヤーは左隣へ。最終ラウンドの前に捨て札を山札に混ぜます(3人では余る2枚を捨て札に)。

**最終得点**: 自分の場が**8枚以上**(+1も数える)なら色数(+1は数えない)に応じて 1:5・2:4・3:3・4:2\
・5:0・6:2・7:3・8:4・9:5 点。手札が0枚なら、さらに+2点。
最多得点の人が勝ち。同点なら自分の場の枚数が多い人、それも同じなら勝利を分け合います。

**ヴァリアント**: A(上級・3人のみ)拾の2枚と襲ねの2枚のマスを1つずつ使用済みにして開始。B(初級)+1\
を取った手番でも役を達成できます。
"""

_RULES_EN = """\
**襲ノ色目 (Colors of Kasane)** — 3–4 players, 12 turns each
52 kimono cards: 1–9 five times each and seven +1 cards. Each number is also a **colour**. With \
3 players remove one of each 1–9 and two +1 (41 cards).
**Grid**: 4 players 4 rows × 4 cards (4 rounds); 3 players 3 rows × 5 (3 rounds), face up. Only \
the **front card** of a row can be taken. The start player is random.

**Your turn**
1. **Take** (mandatory): take the front card of any row and put it on **top of your hand**. \
Hand order never changes (the hand is secret, its size is public).
 A **+1** card goes straight on top of your tableau and scores 1 point; you may not meld in \
that turn.
2. **Meld** (optional, one per turn): lay the **top k cards** of your hand (always including \
the card just taken) on your tableau, keeping their order. From your second meld on, the **top \
card of your tableau** may open the sequence (not a +1; it stays in place). The sequence judged \
is [tableau top] + the hand cards from the deepest to the top. Its length must equal a free \
slot's count; score it and mark the slot used.
 If you have no possible meld, the meld step is skipped automatically.

**Yaku** (count: points, ×2 = two slots)
• 襲ね Kasane, all the same — 2:1×2 · 3:3×2 · 4:6
• 拾 Jū, sum 10 — 2:1×2 · 3:2 · 4:4
• 桜散らし Sakura-chirashi 126 / 千鳥 Chidori 389 / 麻ノ葉 Asa-no-ha 457, any order — 3: first \
4, second 3
• 下弦ノ月 Kagen 1–5 / 上弦ノ月 Jōgen 5–9, strictly rising or falling — 3:3 · 4:5 · 5:8
• 花鳥風月 Kachō-fūgetsu all odd / 雪月風花 Setsugetsu-fūka all even — 3:2 · 4:4 · 5:6 · 6:9
Of two slots with the same count, the first free one is used. +1 cards never make a yaku.
Note: the printed slot values are missing from the rulebook; these are this bot's defaults.

**Round end**: when the grid holds as many cards as there are players, discard them, deal a new \
grid; the start player passes left. Before the last round the discards are shuffled into the \
deck (with 3 players the 2 extra cards are discarded).

**Final scoring**: a tableau of **8+ cards** (+1 included) scores its distinct colours (+1 \
excluded): 1:5 · 2:4 · 3:3 · 4:2 · 5:0 · 6:2 · 7:3 · 8:4 · 9:5. An empty hand adds 2 more.
Most points wins; ties go to the larger tableau, then the win is shared.

**Variants**: A (harder, 3 players only): one 拾 2-card slot and one 襲ね 2-card slot start used\
. B (easier): you may meld in a turn in which you took a +1.
"""

RULES = Text(ja=_RULES_JA, en=_RULES_EN)


# The table and the hand (bot/render/kasane.py)

#: The step of the player to act, by `PublicView.step`, after their name on the turn line.
STEPS: dict[str, Text] = {
    "take": Text(ja="カードを取る", en="take a card"),
    "meld": Text(ja="役を達成するか選ぶ", en="meld or pass"),
}
ROUND = Text(ja="第{round}/{rounds}ラウンド", en="Round {round}/{rounds}")
GRID = Text(ja="共通の場（【】が取れるカード）", en="Grid (【】 marks the card you can take)")
TAKE = Text(ja="{n}行目: {card}", en="Row {n}: {card}")
EMPTY = Text(ja="（なし）", en="(empty)")
TABLEAU = Text(ja="場", en="Tableau")
HAND = Text(ja="手札{n}枚", en="hand {n}")
POINTS = Text(ja="{n}点", en="{n} pts")
YAKU_BOARD = Text(
    ja="役（○空き・①〜④使用者・×使用済み）",
    en="Yaku (○ free · ①–④ used by · × pre-used)",
)
LOG = Text(ja="最近の手", en="Recent moves")
YOUR_HAND = Text(
    ja="あなたの手札（左が下、右が1番上）",
    en="Your hand (left is the bottom, right is the top)",
)
HAND_EMPTY = Text(ja="手札はありません。", en="Your hand is empty.")
MELDS = Text(ja="達成できる役", en="Melds you can make")
MELD_LABEL = Text(ja="{yaku} {count}枚 +{points}", en="{yaku} {count} cards +{points}")
NO_MELD = Text(ja="役を達成しない", en="No meld")
CHOOSE_MELD = Text(ja="役を選ぶ…", en="Choose a meld…")
WAIT_TAKE = Text(
    ja="あなたの番です。卓のボタンでカードを取ってください。",
    en="Your turn: take a card with the buttons on the table.",
)
WAIT = Text(ja="{who}の番です。", en="Waiting for {who}.")
DECK = Text(ja="山札{deck}枚・捨て札{discard}枚", en="Deck {deck} · discards {discard}")
FINAL = Text(ja="最終得点", en="Final scores")
#: The parts of a final score, by `Result.breakdown` key, in the order they are listed.
BREAKDOWN: dict[str, Text] = {
    "yaku": Text(ja="役", en="Yaku"),
    "plus_one": Text(ja="+1", en="+1"),
    "colour_bonus": Text(ja="色ボーナス", en="Colour bonus"),
    "empty_hand_bonus": Text(ja="手札0ボーナス", en="Empty hand"),
}
TOTAL = Text(ja="合計", en="Total")
TABLEAU_SIZE = Text(ja="場の枚数", en="Tableau cards")
REF_YAKU = Text(ja="役の条件と枠", en="What each yaku needs, and its slots")
REF_NOTATION = Text(
    ja=(
        "卓の役の表の `2:1 ○○` "
        "は「2枚で達成すると1点の枠が2つ」。○は空き、①〜④はその枠を使ったプレイヤー、×は始めから使"
        "用済み。役は手札の上から連続する枚数で作ります。"
    ),
    en=(
        "On the table's yaku board, `2:1 ○○` means two slots for a 2-card meld worth 1 point each. "
        "○ is free, ①–④ is the player who took that slot, × was used from the start. A meld is "
        "made from the top cards of your hand, in order."
    ),
)
REF_SLOT = Text(ja="{count}枚→{points}点×{n}", en="{count} cards → {points} pts ×{n}")

# The pictures (bot/render/pictures/kasane.py), where they word things more briefly

PICTURE_DECK = Text(ja="山札{deck}・捨て札{discard}", en="deck {deck} · discard {discard}")
PICTURE_HAND_SIZE = Text(ja="手札{n}枚", en="hand {n}")
PICTURE_YOUR_HAND = Text(ja="あなたの手札（右が1番上）", en="Your hand (right is the top)")
PICTURE_EMPTY = Text(ja="なし", en="none")
PICTURE_BREAKDOWN: dict[str, Text] = {
    "yaku": Text(ja="役", en="yaku"),
    "plus_one": Text(ja="+1", en="+1"),
    "colour_bonus": Text(ja="色", en="colour"),
    "empty_hand_bonus": Text(ja="手札0", en="empty hand"),
}
