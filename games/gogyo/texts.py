"""Japanese and English texts of Gogyo: names, rules summary, card names, steps and reasons."""

from __future__ import annotations

from games.text import Text

NAME = Text(
    ja="五行中国史カードゲーム", en="五行中国史カードゲーム (Gogyo: a Chinese-history card game)"
)

RULES = Text(
    ja="**五行中国史カードゲーム** — 2〜4人。ゲームを2回行い、"
    "合計点の高い人の勝ち（同点なら2回目の得点が高い人、"
    "それも同点なら勝利を分かち合います）。\n"
    "\n"
    "**カード（66枚）** 王朝カード60枚（夏①殷②周③秦④漢⑤晋⑥隋⑦唐⑧宋⑨元⑩明⑪清⑫ × "
    "木火土金水）、**天**3枚（得点計算で好きな王朝。五行は持たない）、"
    "**閥**3枚（得点計算で好きな五行。王朝としては飛ばす）。\n"
    "\n"
    "**準備** 各自5枚を**表向き**で手札に、場札4枚を表向きに。手番は時計回り、"
    "最初の手番はランダム。\n"
    "\n"
    "**手番** 次のどれか1つ:\n"
    "1. **場札入手** 手札1枚を捨て、場札1枚を表向きで手札へ。場札を4枚に補充。\n"
    "2. **山札入手** 手札1〜2枚を捨て、"
    "同じ枚数を山札から**裏向き**で引く（山札が1枚なら1枚だけ）。\n"
    "3. **決闘**（山札3枚以上のとき）相手1人を選び、"
    "攻撃側→防御側の順に山札から1枚ずつ引いて数字を比べる。大きい方の勝ち、"
    "同数は防御側の勝ち。天・閥は0。決闘の2枚は捨札へ。敗者の手札はすべて表向きになり、"
    "勝者は (a)**略奪**: 自分の手札1枚を捨てて敗者の手札1枚をもらう か (b)**破棄**: "
    "敗者の手札1枚を捨てさせる。続いて勝者が選んだ場札1枚を敗者が手札に加え、場札を補充。\n"
    "手札は常に5枚。カードは手札を離れるまで表向き／裏向きのまま。\n"
    "\n"
    "**終了** 山札が0枚になった時点で即終了（その行動は最後まで行い、"
    "補充できない場札は少ないまま）。または手番の最後に、"
    "手札が**30点以上**なら終了を宣言できます（各ゲームの自分の最初の手番を除く）。"
    "ボタンは宣言できるときだけ表示されます。\n"
    "\n"
    "**得点** 手札5枚を左から右へ並べ、次の2つの役の合計。"
    "並べ方と天・閥の扱いはボットが最善のものを計算します。\n"
    "- **王朝役**: 王朝の順（夏→殷→…→清）に連続する最長の並び。天は好きな王朝、"
    "閥は飛ばして判定。清→夏は続かない。5枚26点・4枚18点・3枚10点。\n"
    "- **五行役**: 木→火→土→金→水→木… と続く最長の並び（水→木は続く）。閥は好きな五行、"
    "天は五行がなく途切れる。5枚20点・4枚13点・3枚6点。\n"
    "例: 〔?火・漢土・閥・天・隋?〕 天を晋⑥、閥を飛ばして⑤⑥⑦で10点、"
    "閥を金として火土金で6点。",
    en="**五行中国史カードゲーム (Gogyo)** — 2–4 players. Play two games; the highest total "
    "wins (tie: higher second-game score; still tied: shared win).\n"
    "\n"
    "**Cards (66)** 60 dynasty cards (夏 Xia ①, 殷 Yin ②, 周 Zhou ③, 秦 Qin ④, 漢 Han ⑤, "
    "晋 Jin ⑥, 隋 Sui ⑦, 唐 Tang ⑧, 宋 Song ⑨, 元 Yuan ⑩, 明 Ming ⑪, 清 Qing ⑫, each in "
    "the elements 木 wood, 火 fire, 土 earth, 金 metal, 水 water), 3 **天 (ten, "
    "Heaven)**: any dynasty when scoring, no element; 3 **閥 (batsu, Faction)**: any "
    "element when scoring, skipped for dynasties.\n"
    "\n"
    "**Setup** Everyone gets 5 cards **face up**; 4 face-up field cards. Play clockwise "
    "from a random first player.\n"
    "\n"
    "**Your turn** — one of:\n"
    "1. **Field (場札入手)**: discard 1, take 1 field card face up; refill the field to "
    "4.\n"
    "2. **Deck (山札入手)**: discard 1–2, draw as many **face down** (only 1 when the "
    "deck holds 1).\n"
    "3. **Duel (決闘)**, only while the deck holds 3+: pick an opponent; attacker then "
    "defender draws a card; the higher dynasty number wins, ties go to the defender, "
    "天/閥 count 0. Both duel cards are discarded. The loser's whole hand turns face up "
    "and the winner either (a) **loots (略奪)**: discards 1 own card and takes 1 of the "
    "loser's, or (b) **destroys (破棄)**: discards 1 of the loser's cards. Then the "
    "loser takes the field card the winner picks, and the field is refilled.\n"
    "Hands always hold 5. A card keeps its face up/down state until it leaves the hand.\n"
    "\n"
    "**End** The game ends at once when the deck runs out (that action finishes as far "
    "as it can; a field the deck cannot refill stays short). Or, at the end of your "
    "turn, with a hand worth **30+** you may declare the end — never on your first turn "
    "of a game. The button only appears when you may.\n"
    "\n"
    "**Scoring** Your 5 cards in a row, left to right; the bot picks the best order and "
    "the best use of 天/閥 for everyone. Score = both yaku:\n"
    "- **王朝役 (ōchō-yaku, dynasty run)**: longest run of consecutive dynasties "
    "(夏→殷→…→清; 清→夏 does not continue). 天 = any dynasty, 閥 is skipped. 5: 26, 4: "
    "18, 3: 10.\n"
    "- **五行役 (gogyō-yaku, element run)**: longest run following 木→火→土→金→水→木 "
    "(水→木 continues). 閥 = any element; 天 has none and breaks the run. 5: 20, 4: 13, "
    "3: 6.\n"
    "Example: [?火, 漢土, 閥, 天, 隋?]: 天 as 晋 ⑥ and 閥 skipped gives ⑤⑥⑦ = 10; 閥 as "
    "金 gives 火土金 = 6.",
)

#: Dynasty names with readings (Japanese / Chinese pinyin) and their numbers.
DYNASTY_NAMES: dict[str, Text] = {
    "夏": Text(ja="夏（か）①", en="夏 (Xia) ①"),
    "殷": Text(ja="殷（いん）②", en="殷 (Yin) ②"),
    "周": Text(ja="周（しゅう）③", en="周 (Zhou) ③"),
    "秦": Text(ja="秦（しん）④", en="秦 (Qin) ④"),
    "漢": Text(ja="漢（かん）⑤", en="漢 (Han) ⑤"),
    "晋": Text(ja="晋（しん）⑥", en="晋 (Jin) ⑥"),
    "隋": Text(ja="隋（ずい）⑦", en="隋 (Sui) ⑦"),
    "唐": Text(ja="唐（とう）⑧", en="唐 (Tang) ⑧"),
    "宋": Text(ja="宋（そう）⑨", en="宋 (Song) ⑨"),
    "元": Text(ja="元（げん）⑩", en="元 (Yuan) ⑩"),
    "明": Text(ja="明（みん）⑪", en="明 (Ming) ⑪"),
    "清": Text(ja="清（しん）⑫", en="清 (Qing) ⑫"),
}

#: Element names with readings.
ELEMENT_NAMES: dict[str, Text] = {
    "木": Text(ja="木（もく）", en="木 (moku, wood)"),
    "火": Text(ja="火（か）", en="火 (ka, fire)"),
    "土": Text(ja="土（ど）", en="土 (do, earth)"),
    "金": Text(ja="金（ごん）", en="金 (gon, metal)"),
    "水": Text(ja="水（すい）", en="水 (sui, water)"),
}

#: The two special cards.
SPECIAL_NAMES: dict[str, Text] = {
    "天": Text(ja="天（てん）", en="天 (ten, Heaven)"),
    "閥": Text(ja="閥（ばつ）", en="閥 (batsu, Faction)"),
}

#: Action names, by action kind.
ACTION_NAMES: dict[str, Text] = {
    "field": Text(ja="場札入手", en="場札入手 (take a field card)"),
    "deck": Text(ja="山札入手", en="山札入手 (draw from the deck)"),
    "duel": Text(ja="決闘", en="決闘 (duel)"),
    "discard": Text(ja="捨てる", en="Discard"),
    "take": Text(ja="場札をもらう", en="Take"),
    "draw": Text(ja="捨てて引く", en="Discard and draw"),
    "loot": Text(ja="略奪", en="略奪 (loot)"),
    "destroy": Text(ja="破棄", en="破棄 (destroy)"),
    "give": Text(ja="敗者に渡す", en="Give to the loser"),
    "back": Text(ja="戻る", en="Back"),
    "declare": Text(ja="ゲーム終了を宣言", en="Declare the end"),
    "end": Text(ja="手番終了", en="End turn"),
}

#: Step names, by `PublicView.step`.
STEPS: dict[str, Text] = {
    "act": Text(ja="行動を選ぶ", en="Choose an action"),
    "field_discard": Text(ja="場札入手：捨てる手札を選ぶ", en="Field: choose a discard"),
    "field_take": Text(ja="場札入手：もらう場札を選ぶ", en="Field: choose a field card"),
    "deck_discard": Text(ja="山札入手：捨てる手札（1〜2枚）を選ぶ", en="Deck: choose 1–2 discards"),
    "duel_choice": Text(
        ja="決闘の勝者：略奪か破棄かとカードを選ぶ", en="Duel winner: loot or destroy a card"
    ),
    "loot_discard": Text(ja="略奪：自分の捨てる手札を選ぶ", en="Loot: choose your own discard"),
    "duel_give": Text(
        ja="決闘の勝者：敗者に渡す場札を選ぶ", en="Duel winner: choose the loser's field card"
    ),
    "declare": Text(ja="ゲーム終了を宣言するか選ぶ", en="Declare the end or end the turn"),
    "over": Text(ja="終了", en="Match over"),
}

#: How a game ended, by `GameResultView.ended_by`.
ENDINGS: dict[str, Text] = {
    "deck": Text(ja="山札切れ", en="the deck ran out"),
    "declare": Text(ja="終了宣言", en="declared"),
}

#: Gogyo has no options.
OPTION_TEXT: dict[str, tuple[Text, Text]] = {}

#: Messages for the game-specific reason codes of `IllegalAction`.
REASONS: dict[str, Text] = {
    "wrong_step": Text(
        ja="今はその操作はできません。", en="That move is not available at this step."
    ),
    "bad_target": Text(ja="その相手には決闘を申し込めません。", en="You cannot duel that player."),
    "duel_needs_deck": Text(
        ja="山札が2枚以下のときは決闘できません。", en="A duel needs at least 3 cards in the deck."
    ),
    "deck_too_small": Text(
        ja="山札が足りないため、その枚数は引けません。",
        en="The deck does not hold that many cards.",
    ),
    "bad_cards": Text(
        ja="捨てるカードは1〜2枚選んでください。", en="Choose one or two cards to discard."
    ),
    "card_unavailable": Text(ja="そのカードは選べません。", en="That card cannot be chosen."),
    "declare_first_turn": Text(
        ja="自分の最初の手番ではゲーム終了を宣言できません。",
        en="You cannot declare the end on your first turn.",
    ),
    "declare_below_min": Text(
        ja="手札が30点未満のため宣言できません。",
        en="Your hand scores less than 30, so you cannot declare.",
    ),
}

#: Log lines by event kind (`turn`, `refill`, `reveal` and private events are left out: the
#: table shows the turn, the field and every face-up card anyway).
EVENTS: dict[str, Text] = {
    "game_start": Text(
        ja="第{game}ゲーム開始 — 最初の手番は{player}",
        en="Game {game} begins — {player} starts",
    ),
    "field": Text(
        ja="{player}: {discard}を捨て、場札{take}を取った",
        en="{player} discarded {discard} and took {take} from the field",
    ),
    "draw": Text(
        ja="{player}: {discard}を捨て、山札から{count}枚（裏向き）",
        en="{player} discarded {discard} and drew {count} face down",
    ),
    "duel": Text(
        ja="⚔️ {attacker} {attacker_card} 対 {defender} {defender_card} → {winner}の勝ち",
        en="⚔️ {attacker} {attacker_card} vs {defender} {defender_card} → {winner} wins",
    ),
    "loot": Text(
        ja="{player}: {loser}の{card}を略奪し、{discard}を捨てた",
        en="{player} looted {card} from {loser} and discarded {discard}",
    ),
    "destroy": Text(ja="{player}: {loser}の{card}を破棄", en="{player} destroyed {loser}'s {card}"),
    "give": Text(
        ja="{player}: {loser}に場札{card}を渡した",
        en="{player} gave {loser} the field card {card}",
    ),
    "declare": Text(
        ja="🏁 {player}がゲーム終了を宣言（{score}点）",
        en="🏁 {player} declared the end ({score} pts)",
    ),
    "game_end": Text(
        ja="第{game}ゲーム終了（{ending}）: {scores}",
        en="Game {game} over ({ending}): {scores}",
    ),
    "match_end": Text(ja="試合終了 — 合計 {scores}", en="Match over — totals {scores}"),
}


# The table and the hand (bot/render/gogyo.py)

GAME = Text(ja="第{n}ゲーム（全{total}ゲーム）", en="Game {n} of {total}")
FIELD = Text(ja="場札", en="Field (場札)")
PILES = Text(ja="🂠 山札 {deck}枚 · 🗑️ 捨札 {discard}枚", en="🂠 Deck {deck} · 🗑️ discards {discard}")
TOP = Text(ja="（一番上 {card}）", en=" (top {card})")
FACE_DOWN = Text(ja="裏向き{n}枚", en="{n} face down")
GAME_POINTS = Text(ja="第{n}ゲーム {points}点", en="game {n}: {points}")
TOTAL = Text(ja="合計{points}点", en="total {points}")
EMPTY = Text(ja="（なし）", en="(none)")
DUEL = Text(
    ja="⚔️ 直近の決闘: {attacker} {acard} 対 {defender} {dcard} → **{winner}**の勝ち",
    en="⚔️ Latest duel: {attacker} {acard} vs {defender} {dcard} → **{winner}** wins",
)
DUEL_TIE = Text(ja="（同数は防御側の勝ち）", en=" (a tie goes to the defender)")
DUEL_LOOT = Text(
    ja="略奪: {card}（{winner}は{discard}を捨てた）",
    en="Loot: {card} ({winner} discarded {discard})",
)
DUEL_DESTROY = Text(ja="破棄: {card}", en="Destroyed: {card}")
DUEL_GIVEN = Text(ja="{loser}は場札{card}を受け取った", en="{loser} took the field card {card}")
LEGEND = Text(
    ja="🟩木 🟥火 🟨土 ⬜金 🟦水 · ✨天＝好きな王朝 · 🏴閥＝好きな五行 · 🂠裏向き",
    en=(
        "🟩木 wood 🟥火 fire 🟨土 earth ⬜金 metal 🟦水 water · ✨天 Heaven: any dynasty · 🏴閥 "
        "Faction: any element · 🂠 face down"
    ),
)
LOG = Text(ja="最近の手", en="Recent moves")
RESULTS = Text(ja="第{n}ゲームの結果（{ending}）", en="Game {n} results ({ending})")
ENDED = Text(ja="第{n}ゲームの終わり：{ending}", en="Game {n} ended: {ending}")
DECLARED_BY = Text(ja="{player}が終了宣言", en="{player} declared")
MARKS = Text(
    ja="__下線__＝王朝役 · **太字**＝五行役",
    en="__underlined__ = 王朝役 dynasty run · **bold** = 五行役 element run",
)
SCORE_LINE = Text(ja="{seat} — **{points}点**", en="{seat} — **{points} pts**")
DYNASTY_YAKU = Text(ja="王朝役", en="王朝役 dynasty")
ELEMENT_YAKU = Text(ja="五行役", en="五行役 element")
NO_RUN = Text(ja="なし", en="none")
YOUR_HAND = Text(ja="あなたの手札", en="Your hand")
DOWN_NOTE = Text(
    ja="🔒＝裏向き（あなただけが知っています）",
    en="🔒 = face down (only you know it)",
)
BEST = Text(ja="現在の最高得点: {points}点", en="Best score now: {points}")
FIELD_NOW = Text(ja="場札（山札{deck}枚）", en="Field (deck {deck})")
OTHERS = Text(ja="ほかのプレイヤー", en="Other players")
PROMPT_ACT = Text(ja="あなたの番です。行動を選んでください。", en="Your turn: choose an action.")
PROMPT_FIELD_DISCARD = Text(
    ja="場札入手: まず捨てる手札を1枚選んでください。",
    en="Field: first choose the card to discard.",
)
PROMPT_FIELD_TAKE = Text(
    ja="場札入手: {card}を捨てます。もらう場札を選んでください。",
    en="Field: you discard {card}. Choose the field card to take.",
)
PROMPT_DECK_DISCARD = Text(
    ja="山札入手: 捨てる手札を1〜2枚選んでください（同じ枚数を裏向きで引きます）。",
    en="Deck: choose 1 or 2 cards to discard (you draw as many face down).",
)
PROMPT_DECK_ONE = Text(
    ja="山札入手: 山札が1枚なので、捨てる手札を1枚選んでください。",
    en="Deck: the deck holds 1 card, so choose 1 card to discard.",
)
PROMPT_DUEL_CHOICE = Text(
    ja=(
        "決闘に勝ちました。{loser}の手札1枚を略奪（自分の1枚と入れ替え）か破棄（捨てさせる）してく"
        "ださい。"
    ),
    en="You won the duel. Loot one of {loser}'s cards (swap it for one of yours) or destroy one.",
)
PROMPT_LOOT_DISCARD = Text(
    ja="略奪: {card}をもらいます。自分の捨てる手札を選んでください。",
    en="Loot: you take {card}. Choose your own card to discard.",
)
PROMPT_DUEL_GIVE = Text(
    ja="{loser}が受け取る場札を選んでください。",
    en="Choose the field card {loser} must take.",
)
PROMPT_DECLARE = Text(
    ja="手札は{points}点です。ゲーム終了を宣言できます。",
    en="Your hand scores {points}. You may declare the end of the game.",
)
WAIT = Text(ja="{who}の番です（{step}）。", en="Waiting for {who} ({step}).")
DUEL_BTN = Text(ja="決闘 → {who}", en="決闘 duel → {who}")
DUEL_OFF = Text(ja="決闘（山札3枚以上のときだけ）", en="決闘 duel (needs 3+ deck cards)")
LOOT_BTN = Text(ja="略奪 {card}", en="Loot {card}")
DESTROY_BTN = Text(ja="破棄 {card}", en="Destroy {card}")
DRAW1 = Text(ja="1枚捨てて1枚引く…", en="Discard 1, draw 1…")
DRAW2 = Text(ja="2枚捨てて2枚引く…", en="Discard 2, draw 2…")
FINAL = Text(ja="最終得点", en="Final scores")
TIEBREAK = Text(
    ja="合計が同点のため、第2ゲームの得点で決めました。",
    en="Totals were tied: the game 2 score decided.",
)
SHARED = Text(
    ja="合計も第2ゲームの得点も同じなので、勝利を分かち合います。",
    en="Totals and game 2 scores are tied: the win is shared.",
)
FOOTER = Text(
    ja="夏① 殷② 周③ 秦④ 漢⑤ 晋⑥ 隋⑦ 唐⑧ 宋⑨ 元⑩ 明⑪ 清⑫ · 木→火→土→金→水→木",
    en=(
        "夏 Xia① 殷 Yin② 周 Zhou③ 秦 Qin④ 漢 Han⑤ 晋 Jin⑥ 隋 Sui⑦ 唐 Tang⑧ 宋 Song⑨ 元 Yuan⑩ 明 "
        "Ming⑪ 清 Qing⑫ · 木→火→土→金→水→木"
    ),
)

# The pictures (bot/render/pictures/gogyo.py), where they word things more briefly

PICTURE_HEADER = Text(ja="第{game}/2ゲーム", en="Game {game}/2")
PICTURE_DECK = Text(ja="山札{deck}・捨て札{discard}", en="deck {deck} · discard {discard}")
PICTURE_FIELD = Text(ja="場札", en="Field")
PICTURE_TOTAL = Text(ja="{n}点", en="{n} pts")
PICTURE_DUEL = Text(
    ja="決闘: {attacker} {a} 対 {defender} {d} → {winner}の勝ち",
    en="Duel: {attacker} {a} vs {defender} {d} → {winner} wins",
)
PICTURE_YOUR_HAND = Text(ja="あなたの手札（得点の高い並び順）", en="Your hand (best scoring order)")
PICTURE_BEST = Text(
    ja="最高{n}点（王朝{d}・五行{e}）",
    en="best {n} pts (dynasty {d} · element {e})",
)
PICTURE_FACE_DOWN = Text(ja="裏", en="down")
PICTURE_RUNS = Text(
    ja="金線: 王朝の並び・緑線: 五行の並び",
    en="gold line: dynasty run · green line: element run",
)
PICTURE_GAME = Text(ja="第{n}ゲーム", en="Game {n}")
PICTURE_POINTS = Text(ja="{n}点", en="{n} pts")
