"""The plots of BENCHMARKS.md, drawn from the page's own tables so that a plot never says other
than the page.

    .venv/bin/python -m benchmarks.charts     # writes benchmarks/load.svg and benchmarks/expert.svg

Each plot reads the table that follows its marker comment in BENCHMARKS.md (`<!-- chart: load
-->`, `<!-- chart: expert -->`): change the figures there, then run this. Self-contained SVG, no
plotting library.
"""

from __future__ import annotations

import math
import re
from html import escape
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGE = HERE / "BENCHMARKS.md"
BLUE, RED, GREY = "#1f77b4", "#d62728", "#555"
NUMBER = r"[\d,]+(?:\.\d+)?"
#: Labels in Latin letters for the titles a viewer without a Japanese font would draw as boxes.
LATIN = {"襲ノ色目": "kasane", "五行": "gogyo", "色映に生へど": "irobae"}


def table(text: str, name: str) -> list[list[str]]:
    """The body rows (cells, bold marks removed) of the table after `<!-- chart: name -->`."""
    marker = f"<!-- chart: {name} -->"
    if marker not in text:
        raise SystemExit(f"{PAGE.name} has no {marker}")
    lines = text.split(marker, 1)[1].strip().splitlines()
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().replace("**", "") for cell in line.strip("|").split("|")])
    return rows[2:]  # the header and the |---| line


def number(text: str) -> float:
    return float(text.replace(",", ""))


def span(text: str) -> tuple[float, float]:
    """`78–566` → (78, 566); `92` → (92, 92)."""
    low, _, high = text.partition("–")
    return number(low), number(high or low)


def svg(width: int, height: int, title: str, body: list[str]) -> str:
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">{escape(title)}</text>',
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def legend(x: float, y: float, items: list[tuple[str, str]]) -> list[str]:
    out = []
    for index, (colour, label) in enumerate(items):
        ly = y + 16 * index
        out.append(f'<rect x="{x}" y="{ly - 9}" width="14" height="10" fill="{colour}"/>')
        out.append(f'<text x="{x + 20}" y="{ly}">{escape(label)}</text>')
    return out


def load_chart(rows: list[list[str]]) -> str:
    """Moves' p50 and p99 (the span over the runs) against the games in play, log time axis,
    with the p99 target and the 3 s after which an answer is late."""
    points = []
    for cells in rows:
        match = re.fullmatch(rf"({NUMBER}(?:–{NUMBER})?) / ({NUMBER}(?:–{NUMBER})?) ms", cells[3])
        if match is None:
            raise SystemExit(f"load table: cannot read p50 / p99 from {cells[3]!r}")
        points.append((cells[0], span(match[1]), span(match[2])))
    width, height, left, right, top, bottom = 560, 380, 70, 150, 40, 50
    low, high = 10.0, 10_000.0

    def y(ms: float) -> float:
        share = (math.log10(ms) - math.log10(low)) / (math.log10(high) - math.log10(low))
        return top + (height - top - bottom) * (1 - share)

    body = []
    for tick in (10, 30, 100, 300, 1_000, 3_000, 10_000):
        label = f"{tick / 1000:g} s" if tick >= 1000 else f"{tick} ms"
        body.append(
            f'<line x1="{left}" y1="{y(tick):.1f}" x2="{width - right}" y2="{y(tick):.1f}" '
            'stroke="#e5e5e5"/>'
        )
        body.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{label}</text>')
    for at, label in ((250, "p99 target, 250 ms"), (3_000, "late, 3 s")):
        body.append(
            f'<line x1="{left}" y1="{y(at):.1f}" x2="{width - right}" y2="{y(at):.1f}" '
            f'stroke="{GREY}" stroke-dasharray="4 3"/>'
        )
        body.append(
            f'<text x="{width - right + 6}" y="{y(at) + 4:.1f}" fill="{GREY}">{label}</text>'
        )
    step = (width - left - right) / len(points)
    for index, (games, p50, p99) in enumerate(points):
        centre = left + step * (index + 0.5)
        for offset, (first, last), colour in ((-9, p50, BLUE), (9, p99, RED)):
            x = centre + offset
            top_y, bottom_y = y(last), y(first)
            body.append(
                f'<rect x="{x - 6:.1f}" y="{top_y - 1.5:.1f}" width="12" '
                f'height="{bottom_y - top_y + 3:.1f}" fill="{colour}"/>'
            )
        body.append(
            f'<text x="{centre:.1f}" y="{height - bottom + 18}" text-anchor="middle">{games}</text>'
        )
    body.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">'
        "games in play, a move per game a second</text>"
    )
    body += legend(left + 12, top + 8, [(BLUE, "moves p50"), (RED, "moves p99")])
    body.append(
        f'<text x="{left + 12}" y="{top + 40}" fill="{GREY}">bars: span over the runs</text>'
    )
    return svg(width, height, "One bot process under load: a move's round trip", body)


def expert_chart(rows: list[list[str]]) -> str:
    """Per game and player count, the lone expert's win share among strong CPUs and the lone
    strong CPU's among experts, each with its 95 % interval, against the fair share."""
    share = re.compile(r"(\d\.\d+) ± (\d\.\d+)")
    bars = []
    for cells in rows:
        expert, strong = share.match(cells[3]), share.match(cells[5])
        if expert is None or strong is None:
            raise SystemExit(f"expert table: cannot read the win shares of {cells[:2]}")
        bars.append(
            (
                cells[0],
                cells[1],
                float(cells[2]),
                (float(expert[1]), float(expert[2])),
                (float(strong[1]), float(strong[2])),
            )
        )
    width, height, left, right, top, bottom = 760, 400, 50, 20, 70, 62
    most = 0.8

    def y(value: float) -> float:
        return top + (height - top - bottom) * (1 - value / most)

    body = []
    for tick in range(9):
        value = tick / 10
        body.append(
            f'<line x1="{left}" y1="{y(value):.1f}" x2="{width - right}" y2="{y(value):.1f}" '
            'stroke="#e5e5e5"/>'
        )
        body.append(
            f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value:g}</text>'
        )
    step = (width - left - right) / len(bars)
    groups: dict[str, list[float]] = {}
    for index, (game, players, fair, expert, strong) in enumerate(bars):
        centre = left + step * (index + 0.5)
        groups.setdefault(game, []).append(centre)
        for offset, (value, interval), colour in ((-8, expert, BLUE), (8, strong, RED)):
            x = centre + offset
            body.append(
                f'<rect x="{x - 7:.1f}" y="{y(value):.1f}" width="14" '
                f'height="{y(0) - y(value):.1f}" fill="{colour}" fill-opacity="0.8"/>'
            )
            body.append(
                f'<line x1="{x:.1f}" y1="{y(value + interval):.1f}" x2="{x:.1f}" '
                f'y2="{y(value - interval):.1f}" stroke="black"/>'
            )
        body.append(
            f'<line x1="{centre - 18:.1f}" y1="{y(fair):.1f}" x2="{centre + 18:.1f}" '
            f'y2="{y(fair):.1f}" stroke="black" stroke-width="2" stroke-dasharray="3 2"/>'
        )
        body.append(
            f'<text x="{centre:.1f}" y="{y(0) + 15:.1f}" text-anchor="middle">{players}</text>'
        )
    for game, centres in groups.items():
        middle = (centres[0] + centres[-1]) / 2
        body.append(
            f'<text x="{middle:.1f}" y="{y(0) + 33:.1f}" text-anchor="middle">'
            f"{escape(LATIN.get(game, game))}</text>"
        )
        body.append(
            f'<line x1="{centres[0] - 20:.1f}" y1="{y(0) + 20:.1f}" x2="{centres[-1] + 20:.1f}" '
            f'y2="{y(0) + 20:.1f}" stroke="#bbb"/>'
        )
    body.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
        "players at the table, by game</text>"
    )
    body += legend(
        left + 10,
        44,
        [(BLUE, "one expert among strong CPUs"), (RED, "one strong CPU among experts")],
    )
    body.append(
        f'<line x1="{left + 300}" y1="{40}" x2="{left + 330}" y2="{40}" stroke="black" '
        'stroke-width="2" stroke-dasharray="3 2"/>'
    )
    body.append(f'<text x="{left + 336}" y="44">fair share; whiskers: 95 % interval</text>')
    return svg(width, height, "Expert against strong CPUs: the lone seat's win share", body)


def main() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for name, draw in (("load", load_chart), ("expert", expert_chart)):
        target = HERE / f"{name}.svg"
        target.write_text(draw(table(text, name)), encoding="utf-8")
        print(f"wrote {target.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
