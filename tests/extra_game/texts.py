"""ハイカード's texts in Japanese and English."""

from __future__ import annotations

NAME: dict[str, str] = {"ja": "ハイカード", "en": "High Card"}

RULES: dict[str, str] = {
    "ja": "12枚から3枚ずつ配り、順に1枚ずつ出します。一番大きい札を出した人がトリックを取り、"
    "次を始めます。3トリック後、一番多く取った人の勝ちです。",
    "en": "Each player gets three of twelve cards and plays one per trick in turn. The highest "
    "card takes the trick and leads the next. After three tricks, most tricks wins.",
}

OPTION_TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "low_wins": {
        "ja": ("小さい札が勝つ", "一番小さい札がトリックを取る"),
        "en": ("Low wins", "The lowest card takes the trick"),
    }
}

REASONS: dict[str, dict[str, str]] = {}
