"""A small self-contained SVG of latency distributions (cumulative, log-scaled time axis)."""

from __future__ import annotations

import math
from html import escape
from pathlib import Path

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 40, 56
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


def cdf_svg(
    series: dict[str, list[float]], title: str, marks: dict[str, float] | None = None
) -> str:
    """Cumulative distributions of `series` (milliseconds), one line each; `marks` are labelled
    vertical lines (targets)."""
    values = [v for vs in series.values() for v in vs if v > 0]
    low = 10 ** math.floor(math.log10(min(values)))
    high = 10 ** math.ceil(math.log10(max([*values, *(marks or {}).values()])))
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x(ms: float) -> float:
        return LEFT + span_x * (math.log10(max(ms, low)) - math.log10(low)) / math.log10(high / low)

    def y(fraction: float) -> float:
        return TOP + span_y * (1 - fraction)

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
            major = step == 1
            out.append(
                f'<line x1="{px:.1f}" y1="{TOP}" x2="{px:.1f}" y2="{TOP + span_y}" '
                f'stroke="{"#bbb" if major else "#eee"}"/>'
            )
            if major:
                label = f"{tick:g} ms"
                out.append(
                    f'<text x="{px:.1f}" y="{TOP + span_y + 16}" text-anchor="middle">'
                    f"{label}</text>"
                )
        decade *= 10
    for fraction in (0, 0.25, 0.5, 0.75, 0.9, 0.99, 1):
        py = y(fraction)
        out.append(
            f'<line x1="{LEFT}" y1="{py:.1f}" x2="{LEFT + span_x}" y2="{py:.1f}" stroke="#eee"/>'
        )
        out.append(f'<text x="{LEFT - 6}" y="{py + 4:.1f}" text-anchor="end">{fraction:.0%}</text>')
    out.append(
        f'<text x="{LEFT + span_x / 2}" y="{HEIGHT - 12}" text-anchor="middle">'
        "INTERACTION_CREATE → callback at the server (log scale)</text>"
    )
    out.append(
        f'<text x="16" y="{TOP + span_y / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {TOP + span_y / 2})">share of clicks answered</text>'
    )
    for name, at in (marks or {}).items():
        px = x(at)
        out.append(
            f'<line x1="{px:.1f}" y1="{TOP}" x2="{px:.1f}" y2="{TOP + span_y}" '
            'stroke="#555" stroke-dasharray="4 3"/>'
        )
        out.append(
            f'<text x="{px - 4:.1f}" y="{TOP + 12}" text-anchor="end" fill="#555">'
            f"{escape(name)}</text>"
        )
    for index, (name, data) in enumerate(series.items()):
        ordered = sorted(data)
        colour = COLOURS[index % len(COLOURS)]
        count = len(ordered)
        step = max(1, count // 400)
        points = [(x(ordered[0]), y(0))]
        for i in range(0, count, step):
            points.append((x(ordered[i]), y((i + 1) / count)))
        points.append((x(ordered[-1]), y(1)))
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        ly = TOP + span_y - 12 - 16 * (len(series) - 1 - index)
        out.append(
            f'<line x1="{LEFT + span_x - 250}" y1="{ly - 4}" x2="{LEFT + span_x - 230}" '
            f'y2="{ly - 4}" stroke="{colour}" stroke-width="2"/>'
        )
        out.append(f'<text x="{LEFT + span_x - 224}" y="{ly}">{escape(name)} (n={count})</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write(path: Path, series: dict[str, list[float]], title: str, marks: dict[str, float]) -> None:
    path.write_text(cdf_svg(series, title, marks), encoding="utf-8")
