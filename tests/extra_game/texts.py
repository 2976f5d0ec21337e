"""ハイカード's texts, each in Japanese and English (`games.text.Text`), as every game keeps
them: what the platform reads (`NAME`, `RULES`, `OPTION_TEXT`, `REASONS`) and what its renderer
and pictures show."""

from __future__ import annotations

from games.text import Text

NAME = Text(ja="ハイカード", en="High Card")

RULES = Text(
    ja="12枚から3枚ずつ配り、順に1枚ずつ出します。一番大きい札を出した人がトリックを取り、"
    "次を始めます。3トリック後、一番多く取った人の勝ちです。",
    en="Each player gets three of twelve cards and plays one per trick in turn. The highest "
    "card takes the trick and leads the next. After three tricks, most tricks wins.",
)

OPTION_TEXT: dict[str, tuple[Text, Text]] = {
    "low_wins": (
        Text(ja="小さい札が勝つ", en="Low wins"),
        Text(ja="一番小さい札がトリックを取る", en="The lowest card takes the trick"),
    ),
}

REASONS: dict[str, Text] = {}

# the table, the hand, the log and the pictures
TRICK = Text(ja="場のトリック", en="Trick on the table")
TRICKS = Text(ja="{n}トリック", en="{n} tricks")
HAND = Text(ja="手札{n}枚", en="hand {n}")
YOUR_HAND = Text(ja="あなたの手札", en="Your hand")
PLAY = Text(ja="{card}を出す", en="Play {card}")
WAIT = Text(ja="{who}の番です。", en="Waiting for {who}.")
FINAL = Text(ja="最終結果", en="Final result")
LOW_WINS = Text(ja="小さい札が勝ちます。", en="The lowest card wins.")
EVENTS: dict[str, Text] = {
    "play": Text(ja="{player}が{card}を出した", en="{player} played {card}"),
    "trick": Text(ja="{player}がトリックを取った（{won}）", en="{player} took the trick ({won})"),
}
