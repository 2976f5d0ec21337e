"""A small self-contained SVG of latency distributions: percentiles against time, both on log
scales (the percentile axis spreads the tail: 50%, 90%, 99% and 99.9% are equally far apart)."""

from __future__ import annotations

import math
from html import escape
from pathlib import Path

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 40, 56
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
#: The percentile axis reaches 1 - 10**-TAIL (99.9%).
TAIL = 3
PERCENTILES = ((0.0, "0%"), (0.5, "50%"), (0.9, "90%"), (0.99, "99%"), (0.999, "99.9%"))


def percentile_svg(
    series: dict[str, list[float]], title: str, marks: dict[str, float] | None = None
) -> str:
    """One line per series (milliseconds): the time within which each share of the samples
    was answered. `marks` are labelled vertical lines (targets)."""
    values = [v for vs in series.values() for v in vs if v > 0]
    low = 10 ** math.floor(math.log10(min(values)))
    high = 10 ** math.ceil(math.log10(max([*values, *(marks or {}).values()])))
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x(ms: float) -> float:
        return LEFT + span_x * (math.log10(max(ms, low)) - math.log10(low)) / math.log10(high / low)

    def y(fraction: float) -> float:
        tail = -math.log10(max(1 - fraction, 10**-TAIL))
        return TOP + span_y * (1 - tail / TAIL)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="14">{escape(title)}</text>',
    ]
    decade = low
    while decade <= high * 1.0001:
        for step in range(1, 10):
            tick = decade * step
            if tick > high * 1.0001:
                break
            px = x(tick)
            colour = "#bbb" if step == 1 else "#eee"
            out.append(
                f'<line x1="{px:.1f}" y1="{TOP}" x2="{px:.1f}" y2="{TOP + span_y}" '
                f'stroke="{colour}"/>'
            )
            if step == 1:
                out.append(
                    f'<text x="{px:.1f}" y="{TOP + span_y + 16}" text-anchor="middle">'
                    f"{tick:g} ms</text>"
                )
        decade *= 10
    for fraction, label in PERCENTILES:
        py = y(fraction)
        out.append(
            f'<line x1="{LEFT}" y1="{py:.1f}" x2="{LEFT + span_x}" y2="{py:.1f}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{LEFT - 6}" y="{py + 4:.1f}" text-anchor="end">{label}</text>')
    out.append(
        f'<text x="{LEFT + span_x / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
        "INTERACTION_CREATE sent → interaction callback received (log scale)</text>"
    )
    out.append(
        f'<text x="16" y="{TOP + span_y / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {TOP + span_y / 2})">percentile of clicks</text>'
    )
    for name, at in (marks or {}).items():
        px = x(at)
        out.append(
            f'<line x1="{px:.1f}" y1="{TOP}" x2="{px:.1f}" y2="{TOP + span_y}" '
            'stroke="#555" stroke-dasharray="4 3"/>'
        )
        out.append(
            f'<text x="{px - 4:.1f}" y="{TOP + span_y - 6}" text-anchor="end" fill="#555">'
            f"{escape(name)}</text>"
        )
    for index, (name, data) in enumerate(series.items()):
        ordered = sorted(data)
        colour = COLOURS[index % len(COLOURS)]
        count = len(ordered)
        # Every sample of the tail; below p90 a few hundred are enough.
        points = []
        for i, value in enumerate(ordered):
            fraction = i / count
            if fraction >= 0.9 or i % max(1, count // 300) == 0:
                points.append(f"{x(value):.1f},{y(fraction):.1f}")
        path = " ".join(points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        ly = TOP + 14 + 16 * index
        out.append(
            f'<line x1="{LEFT + 10}" y1="{ly - 4}" x2="{LEFT + 30}" y2="{ly - 4}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        out.append(f'<text x="{LEFT + 36}" y="{ly}">{escape(name)} (n={count})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write(path: Path, series: dict[str, list[float]], title: str, marks: dict[str, float]) -> None:
    path.write_text(percentile_svg(series, title, marks), encoding="utf-8")
