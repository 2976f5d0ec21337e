"""Japanese and English texts of Gogyo: names, rules summary, card names, steps and reasons."""

from __future__ import annotations

NAME: dict[str, str] = {
    "ja": "五行中国史カードゲーム",
    "en": "五行中国史カードゲーム (Gogyo: a Chinese-history card game)",
}

RULES: dict[str, str] = {
    "ja": (
        "**五行中国史カードゲーム** — 2〜4人。ゲームを2回行い、"
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
        "閥を金として火土金で6点。"
    ),
    "en": (
        "**五行中国史カードゲーム (Gogyo)** — 2–4 players. Play two games; the highest total "
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
        "金 gives 火土金 = 6."
    ),
}

#: Dynasty names with readings (Japanese / Chinese pinyin) and their numbers.
DYNASTY_NAMES: dict[str, dict[str, str]] = {
    "夏": {"ja": "夏（か）①", "en": "夏 (Xia) ①"},
    "殷": {"ja": "殷（いん）②", "en": "殷 (Yin) ②"},
    "周": {"ja": "周（しゅう）③", "en": "周 (Zhou) ③"},
    "秦": {"ja": "秦（しん）④", "en": "秦 (Qin) ④"},
    "漢": {"ja": "漢（かん）⑤", "en": "漢 (Han) ⑤"},
    "晋": {"ja": "晋（しん）⑥", "en": "晋 (Jin) ⑥"},
    "隋": {"ja": "隋（ずい）⑦", "en": "隋 (Sui) ⑦"},
    "唐": {"ja": "唐（とう）⑧", "en": "唐 (Tang) ⑧"},
    "宋": {"ja": "宋（そう）⑨", "en": "宋 (Song) ⑨"},
    "元": {"ja": "元（げん）⑩", "en": "元 (Yuan) ⑩"},
    "明": {"ja": "明（みん）⑪", "en": "明 (Ming) ⑪"},
    "清": {"ja": "清（しん）⑫", "en": "清 (Qing) ⑫"},
}

#: Element names with readings.
ELEMENT_NAMES: dict[str, dict[str, str]] = {
    "木": {"ja": "木（もく）", "en": "木 (moku, wood)"},
    "火": {"ja": "火（か）", "en": "火 (ka, fire)"},
    "土": {"ja": "土（ど）", "en": "土 (do, earth)"},
    "金": {"ja": "金（ごん）", "en": "金 (gon, metal)"},
    "水": {"ja": "水（すい）", "en": "水 (sui, water)"},
}

#: The two special cards.
SPECIAL_NAMES: dict[str, dict[str, str]] = {
    "天": {"ja": "天（てん）", "en": "天 (ten, Heaven)"},
    "閥": {"ja": "閥（ばつ）", "en": "閥 (batsu, Faction)"},
}

#: Yaku names.
YAKU_NAMES: dict[str, dict[str, str]] = {
    "dynasty": {"ja": "王朝役", "en": "王朝役 (ōchō-yaku, dynasty run)"},
    "element": {"ja": "五行役", "en": "五行役 (gogyō-yaku, element run)"},
}

#: Action names, by action kind.
ACTION_NAMES: dict[str, dict[str, str]] = {
    "field": {"ja": "場札入手", "en": "場札入手 (take a field card)"},
    "deck": {"ja": "山札入手", "en": "山札入手 (draw from the deck)"},
    "duel": {"ja": "決闘", "en": "決闘 (duel)"},
    "discard": {"ja": "捨てる", "en": "Discard"},
    "take": {"ja": "場札をもらう", "en": "Take"},
    "draw": {"ja": "捨てて引く", "en": "Discard and draw"},
    "loot": {"ja": "略奪", "en": "略奪 (loot)"},
    "destroy": {"ja": "破棄", "en": "破棄 (destroy)"},
    "give": {"ja": "敗者に渡す", "en": "Give to the loser"},
    "back": {"ja": "戻る", "en": "Back"},
    "declare": {"ja": "ゲーム終了を宣言", "en": "Declare the end"},
    "end": {"ja": "手番終了", "en": "End turn"},
}

#: Step names, by `PublicView.step`.
STEPS: dict[str, dict[str, str]] = {
    "act": {"ja": "行動を選ぶ", "en": "Choose an action"},
    "field_discard": {"ja": "場札入手：捨てる手札を選ぶ", "en": "Field: choose a discard"},
    "field_take": {"ja": "場札入手：もらう場札を選ぶ", "en": "Field: choose a field card"},
    "deck_discard": {
        "ja": "山札入手：捨てる手札（1〜2枚）を選ぶ",
        "en": "Deck: choose 1–2 discards",
    },
    "duel_choice": {
        "ja": "決闘の勝者：略奪か破棄かとカードを選ぶ",
        "en": "Duel winner: loot or destroy a card",
    },
    "loot_discard": {
        "ja": "略奪：自分の捨てる手札を選ぶ",
        "en": "Loot: choose your own discard",
    },
    "duel_give": {
        "ja": "決闘の勝者：敗者に渡す場札を選ぶ",
        "en": "Duel winner: choose the loser's field card",
    },
    "declare": {"ja": "ゲーム終了を宣言するか選ぶ", "en": "Declare the end or end the turn"},
    "over": {"ja": "終了", "en": "Match over"},
}

#: How a game ended, by `GameResultView.ended_by`.
ENDINGS: dict[str, dict[str, str]] = {
    "deck": {"ja": "山札切れ", "en": "the deck ran out"},
    "declare": {"ja": "終了宣言", "en": "declared"},
}

#: Labels of other view fields a renderer shows.
LABELS: dict[str, dict[str, str]] = {
    "game": {"ja": "第{n}ゲーム", "en": "Game {n}"},
    "deck": {"ja": "山札", "en": "Deck"},
    "field": {"ja": "場札", "en": "Field"},
    "discard": {"ja": "捨札", "en": "Discards"},
    "face_down": {"ja": "裏向き", "en": "face down"},
    "hand": {"ja": "手札", "en": "Hand"},
    "best_score": {"ja": "現在の最高得点", "en": "Best score now"},
    "total": {"ja": "合計", "en": "Total"},
    "attacker": {"ja": "攻撃側", "en": "Attacker"},
    "defender": {"ja": "防御側", "en": "Defender"},
    "winner": {"ja": "勝者", "en": "Winner"},
    "skipped": {"ja": "飛ばす", "en": "skipped"},
}

#: Gogyo has no options.
OPTION_TEXT: dict[str, dict[str, tuple[str, str]]] = {}

#: Messages for the game-specific reason codes of `IllegalAction`.
REASONS: dict[str, dict[str, str]] = {
    "wrong_step": {
        "ja": "今はその操作はできません。",
        "en": "That move is not available at this step.",
    },
    "bad_target": {
        "ja": "その相手には決闘を申し込めません。",
        "en": "You cannot duel that player.",
    },
    "duel_needs_deck": {
        "ja": "山札が2枚以下のときは決闘できません。",
        "en": "A duel needs at least 3 cards in the deck.",
    },
    "deck_too_small": {
        "ja": "山札が足りないため、その枚数は引けません。",
        "en": "The deck does not hold that many cards.",
    },
    "bad_cards": {
        "ja": "捨てるカードは1〜2枚選んでください。",
        "en": "Choose one or two cards to discard.",
    },
    "card_unavailable": {
        "ja": "そのカードは選べません。",
        "en": "That card cannot be chosen.",
    },
    "declare_first_turn": {
        "ja": "自分の最初の手番ではゲーム終了を宣言できません。",
        "en": "You cannot declare the end on your first turn.",
    },
    "declare_below_min": {
        "ja": "手札が30点未満のため宣言できません。",
        "en": "Your hand scores less than 30, so you cannot declare.",
    },
}
