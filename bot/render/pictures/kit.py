"""Shared drawing for the game pictures: the layout model, the font, cached card faces, PNG.

A game's picture module (`bot/render/pictures/<id>.py`) lays out a `Scene` from engine views:
panels, cards, flowers and texts, each with a `tag` saying what it shows (`grid.2.5`,
`seat.1.score`). Tests read the layout from the scene; `paint` turns it into pixels. Card faces
are drawn once per face and size and pasted from a cache; texts are fitted to their width when
the scene is laid out, so the scene holds exactly what the picture shows.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from noto_cjk_sans_jp_regular import FONT_PATH
from PIL import Image, ImageDraw, ImageFont

from bot.render.common import seat_mark, standings
from games.core import Result

Colour = tuple[int, int, int]

#: Canvas width in pixels. Discord shows an embed's image about 300–350 px wide on a phone
#: (520 px at most on a desktop): at this width the smallest text (`SMALL`) still reads at
#: 13 px there.
WIDTH = 480
MARGIN = 16
GAP = 8

BACKGROUND: Colour = (0x2B, 0x2D, 0x31)
PANEL: Colour = (0x38, 0x3A, 0x40)
PANEL_EDGE: Colour = (0x4E, 0x50, 0x58)
INK: Colour = (0xF2, 0xF3, 0xF5)
MUTED: Colour = (0xB5, 0xBA, 0xC1)
DARK_INK: Colour = (0x1E, 0x1F, 0x22)
GOLD: Colour = (0xF0, 0xB2, 0x32)
GREEN: Colour = (0x57, 0xC2, 0x6E)
RED: Colour = (0xED, 0x42, 0x45)
CARD_BACK: Colour = (0x6B, 0x3F, 0x5A)

#: Card colours more than one game paints with (a game's own shades stay in its module).
CARD_RED: Colour = (0xD9, 0x3A, 0x3A)
CARD_ORANGE: Colour = (0xEE, 0x8A, 0x2B)
CARD_YELLOW: Colour = (0xF2, 0xD0, 0x3B)
CARD_GREEN: Colour = (0x4C, 0xA8, 0x5A)
CARD_BLUE: Colour = (0x3A, 0x78, 0xD0)
CARD_PURPLE: Colour = (0x8E, 0x4F, 0xC4)
CARD_BLACK: Colour = (0x1C, 0x1C, 0x20)
CARD_WHITE: Colour = (0xF4, 0xF1, 0xE8)

#: Text sizes (pixels of the font's em) used across the games.
SMALL = 20
BODY = 24
LARGE = 30


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Noto Sans CJK JP (shipped by a pip package): Japanese glyph shapes and Latin in one."""
    return ImageFont.truetype(str(FONT_PATH), size)


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> int:
    return int(font(size).getlength(text))


@functools.cache
def ascent(size: int) -> int:
    """How far a line's baseline is below its top (the `la` anchor) at `size`: texts of two
    sizes side by side share a baseline when the smaller is set this much lower, less its own."""
    return font(size).getmetrics()[0]


@functools.cache
def middle(size: int) -> int:
    """How far the middle of a line's ideographs and figures is below its top (the `la`
    anchor) at `size`: what a chip or token around the text is centred on."""
    _, top, _, bottom = font(size).getbbox("0", anchor="la")
    return (top + bottom) // 2


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, width: int) -> str:
    """`text`, shortened with an ellipsis to at most `width` pixels at `size`."""
    if width <= 0 or text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inside(self, other: Box) -> bool:
        return (
            other.x <= self.x
            and other.y <= self.y
            and self.right <= other.right
            and self.bottom <= other.bottom
        )


@dataclass(frozen=True)
class Face:
    """What a card shows: its colour, a big label, a small corner text and a bottom line.
    `back` draws the card's back (a hidden card) instead. The bottom line is set at
    `sub_size` pixels when given (a line that must be read on a phone; the label is then
    centred in the space above it), else as small as the corner's."""

    fill: Colour
    ink: Colour = DARK_INK
    label: str = ""
    corner: str = ""
    sub: str = ""
    back: bool = False
    sub_size: int = 0


@dataclass(frozen=True)
class Card:
    """A card at `box`. `mark`: `"pick"` (it can be taken or played: a gold frame), `"dim"`
    (held but not playable now: faded) or `""`."""

    tag: str
    box: Box
    face: Face
    mark: str = ""


@dataclass(frozen=True)
class Text:
    """A line of text whose left top (or `anchor`, Pillow's anchors) is at `x`, `y`; already
    fitted to its width, so `text` is what is drawn."""

    tag: str
    x: int
    y: int
    text: str
    size: int = BODY
    ink: Colour = INK
    anchor: str = "la"

    @property
    def box(self) -> Box:
        w = text_width(self.text, self.size)
        x = self.x - (w if self.anchor[0] == "r" else w // 2 if self.anchor[0] == "m" else 0)
        return Box(x, self.y, w, self.size)

    @property
    def glyphs(self) -> Box:
        """The box its glyphs cover as drawn (`box` is the line's nominal box)."""
        left, top, right, bottom = font(self.size).getbbox(self.text, anchor=self.anchor)
        return Box(self.x + left, self.y + top, right - left, bottom - top)


@dataclass(frozen=True)
class Panel:
    """A rounded background area (a seat, the board, a trick)."""

    tag: str
    box: Box
    fill: Colour = PANEL
    outline: Colour | None = None


@dataclass(frozen=True)
class Dot:
    """A round token (a flower, a counter) with an optional number inside, set at
    `label_size` pixels (0: three fifths of the token's height)."""

    tag: str
    box: Box
    fill: Colour
    outline: Colour | None = None
    label: str = ""
    ink: Colour = DARK_INK
    label_size: int = 0


Item = Panel | Card | Text | Dot


@dataclass
class Scene:
    """A picture's layout: what is drawn where, in drawing order."""

    height: int = 0
    width: int = WIDTH
    items: list[Item] = field(default_factory=list)

    def add(self, item: Item) -> Item:
        self.items.append(item)
        return item

    def text(
        self,
        tag: str,
        x: int,
        y: int,
        text: str,
        size: int = BODY,
        ink: Colour = INK,
        *,
        width: int | None = None,
        anchor: str = "la",
    ) -> Text:
        """Add a text fitted to `width` (default: up to the right margin)."""
        room = width if width is not None else self.width - MARGIN - x
        item = Text(tag, x, y, fit(text, size, room), size, ink, anchor)
        self.items.append(item)
        return item

    def find(self, tag: str) -> Item:
        for item in self.items:
            if item.tag == tag:
                return item
        raise KeyError(tag)

    def tagged(self, prefix: str) -> list[Item]:
        """Items whose tag is `prefix` or starts with `prefix.`."""
        return [i for i in self.items if i.tag == prefix or i.tag.startswith(prefix + ".")]

    def cards(self) -> Iterator[Card]:
        return (i for i in self.items if isinstance(i, Card))

    def texts(self) -> Iterator[Text]:
        return (i for i in self.items if isinstance(i, Text))


def row_boxes(x: int, y: int, count: int, w: int, h: int, gap: int = GAP) -> list[Box]:
    """`count` boxes of `w`×`h` side by side from `x`."""
    return [Box(x + i * (w + gap), y, w, h) for i in range(count)]


def fan_boxes(x: int, y: int, count: int, w: int, h: int, room: int) -> list[Box]:
    """`count` cards of `w`×`h` overlapping to fit in `room` pixels (side by side when they
    fit): a fan, the last card fully visible."""
    if count <= 0:
        return []
    step = min(w + GAP, (room - w) // max(1, count - 1)) if count > 1 else 0
    return [Box(x + i * step, y, w, h) for i in range(count)]


def per_row(width: int, w: int, gap: int = GAP) -> int:
    """How many `w`-wide items fit in `width`."""
    return max(1, (width + gap) // (w + gap))


def wrapped_boxes(
    x: int, y: int, count: int, w: int, h: int, gap: int = GAP, line_gap: int = GAP
) -> list[Box]:
    """`count` boxes of `w`×`h` side by side from `x`, `gap` apart, as many rows as it takes
    within the right margin, `line_gap` between rows: cards that must all show whole."""
    per = per_row(WIDTH - MARGIN - x, w, gap)
    return [
        Box(x + (i % per) * (w + gap), y + (i // per) * (h + line_gap), w, h) for i in range(count)
    ]


def seat_boxes(y: int, count: int, height: int, columns: int = 2) -> list[Box]:
    """Panels for `count` seats in `columns` columns from `y` (seat order, left to right)."""
    w = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) // columns
    return [
        Box(MARGIN + (i % columns) * (w + GAP), y + (i // columns) * (height + GAP), w, height)
        for i in range(count)
    ]


def below(boxes: list[Box]) -> int:
    """The y just under a set of boxes, with a gap."""
    return max(b.bottom for b in boxes) + GAP * 2 if boxes else 0


# -- parts the games' pictures share -------------------------------------------------------


def titled(
    tag: str, title: str, size: int = BODY, *, width: int | None = None
) -> tuple[Scene, int]:
    """A new scene opening with `title` at its top left, fitted to `width` (default: up to the
    right margin), and the y under the title where the picture goes on."""
    scene = Scene()
    scene.text(tag, MARGIN, MARGIN, title, size, width=width)
    return scene, MARGIN + size + 2 * GAP


def title_note(
    scene: Scene, tag: str, note: str, width: int, size: int = SMALL, ink: Colour = MUTED
) -> None:
    """A note at the top right beside a large title (the cards left, the target score)."""
    scene.text(tag, WIDTH - MARGIN, MARGIN + 8, note, size, ink, anchor="ra", width=width)


def seat_panel(
    scene: Scene,
    box: Box,
    seat: int,
    name: str,
    score: str,
    *,
    active: bool,
    score_w: int,
    score_tag: str = "total",
    score_label: str = "",
    top: int = GAP,
) -> None:
    """A seat's panel on a table picture (`seat.<n>`): its mark and `name` at the top left,
    `score` in gold at the top right in `score_w` pixels (`seat.<n>.<score_tag>`), the name
    in what the score leaves; framed in gold while the seat is to act. A `score_label` says
    what the score is (a match total beside a hand's own score): it is set small and muted
    just left of the score, on its baseline (`seat.<n>.<score_tag>.label`), and the name has
    what the label and the score as drawn leave. The line is `top` pixels under the panel's
    top edge."""
    scene.add(Panel(f"seat.{seat}", box, outline=GOLD if active else None))
    shown = scene.text(
        f"seat.{seat}.{score_tag}",
        box.right - GAP,
        box.y + top,
        score,
        BODY,
        GOLD,
        anchor="ra",
        width=score_w,
    )
    reserved = score_w
    if score_label:
        label = scene.text(
            f"seat.{seat}.{score_tag}.label",
            shown.box.x - 4,
            box.y + top + ascent(BODY) - ascent(SMALL),
            score_label,
            SMALL,
            MUTED,
            anchor="ra",
            width=box.w // 3,
        )
        reserved = box.right - GAP - label.box.x
    scene.text(
        f"seat.{seat}.name",
        box.x + GAP,
        box.y + top,
        f"{seat_mark(seat)} {name}",
        BODY,
        width=box.w - reserved - 10 - (6 if score_label else 0),
    )


def final_panel(
    scene: Scene, seat: int, y: int, height: int, name: str, total: str, *, winner: bool
) -> int:
    """A seat's panel on the end picture (`final.<n>`), the canvas wide and `height` tall from
    `y`: a crown for a winner, the seat's mark and `name`, and its `total` in gold; framed in
    gold for a winner. Returns the y under that line, where the game's breakdown goes."""
    box = Box(MARGIN, y, WIDTH - 2 * MARGIN, height)
    scene.add(Panel(f"final.{seat}", box, outline=GOLD if winner else None))
    crown = "★ " if winner else ""
    scene.text(
        f"final.{seat}.name",
        MARGIN + GAP,
        y + GAP,
        f"{crown}{seat_mark(seat)} {name}",
        BODY,
        width=WIDTH - 240,
    )
    scene.text(
        f"final.{seat}.total",
        WIDTH - MARGIN - GAP,
        y + GAP,
        total,
        BODY,
        GOLD,
        anchor="ra",
        width=140,
    )
    return y + BODY + 2 * GAP


def final_panels(
    title: str,
    result: Result,
    names: list[str],
    total: Callable[[int], str],
    height: int,
    breakdown: Callable[[Scene, int, int], None],
) -> Scene:
    """The end picture of a game scored seat by seat: `title`, then one `final_panel` per seat,
    best first (`standings`), each `height` tall with its `total(score)`; `breakdown(scene,
    seat, y)` draws the seat's detail from `y`, under the panel's name line."""
    scene, y = titled("final.title", title, LARGE)
    for seat in standings(result):
        total_text = total(result.scores[seat])
        winner = seat in result.winners
        row_y = final_panel(scene, seat, y, height, names[seat], total_text, winner=winner)
        breakdown(scene, seat, row_y)
        y += height + GAP
    scene.height = y + MARGIN
    return scene


def unmarked(scene: Scene) -> Scene:
    """`scene` with no card framed as playable or faded as not (a hand once nothing can be
    played)."""
    scene.items = [
        replace(item, mark="") if isinstance(item, Card) else item for item in scene.items
    ]
    return scene


# -- painting -----------------------------------------------------------------------------


def _lighter(colour: Colour, amount: float) -> Colour:
    r, g, b = colour
    return (
        int(r + (255 - r) * amount),
        int(g + (255 - g) * amount),
        int(b + (255 - b) * amount),
    )


def _darker(colour: Colour, amount: float) -> Colour:
    r, g, b = colour
    return (int(r * (1 - amount)), int(g * (1 - amount)), int(b * (1 - amount)))


def sub_band(size: int) -> int:
    """The height a card's bottom line at `size` takes from the card's bottom edge."""
    return size + size // 2 + 4


@functools.lru_cache(maxsize=1024)
def card_image(face: Face, w: int, h: int, dim: bool) -> Image.Image:
    """One card face at one size, drawn once and pasted from here afterwards."""
    image = Image.new("RGB", (w, h), BACKGROUND)
    draw = ImageDraw.Draw(image)
    radius = max(4, w // 8)
    if face.back:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=CARD_BACK, outline=INK, width=2)
        inset = max(4, w // 6)
        draw.rounded_rectangle(
            (inset, inset, w - 1 - inset, h - 1 - inset),
            radius // 2,
            outline=_lighter(CARD_BACK, 0.35),
            width=2,
        )
    else:
        edge = _darker(face.fill, 0.45)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=face.fill, outline=edge, width=2)
        corner_size = max(10, h // 6)
        # The label's space: the whole card, or what a sub line of its own size leaves.
        room = h - sub_band(face.sub_size) if face.sub and face.sub_size else h
        label_size = max(12, min(h // 2 - 4, room - 6, int(w * 0.5)))
        if face.label:
            while label_size > 10 and text_width(face.label, label_size) > w - 8:
                label_size -= 2
            draw.text(
                (w // 2, room // 2), face.label, font=font(label_size), fill=face.ink, anchor="mm"
            )
        if face.corner:
            draw.text((5, 3), face.corner, font=font(corner_size), fill=face.ink)
        if face.sub:
            sub_size = face.sub_size or corner_size
            sub = fit(face.sub, sub_size, w - 6)
            draw.text((w // 2, h - 4), sub, font=font(sub_size), fill=face.ink, anchor="md")
    if dim:
        image = Image.blend(image, Image.new("RGB", (w, h), BACKGROUND), 0.55)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    image.putalpha(mask)
    return image


@functools.lru_cache(maxsize=4096)
def text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    """A text's coverage mask and its offset from the anchor point, rasterised once."""
    left, top, right, bottom = font(size).getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255, anchor=anchor)
    return mask, left, top


@functools.lru_cache(maxsize=1024)
def dot_image(
    fill: Colour, outline: Colour | None, label: str, ink: Colour, w: int, h: int, label_size: int
):
    """One round token, drawn once per look and size."""
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, w - 1, h - 1), fill=fill, outline=outline or _darker(fill, 0.4), width=2)
    if label:
        size = label_size or max(10, h * 3 // 5)
        draw.text((w / 2, h / 2), label, font=font(size), fill=ink, anchor="mm")
    return image


def draw_text(
    image: Image.Image, x: int, y: int, text: str, size: int, ink: Colour, anchor: str = "la"
) -> None:
    mask, left, top = text_mask(text, size, anchor)
    image.paste(ink, (x + left, y + top), mask)


def paint(scene: Scene) -> Image.Image:
    """The scene's pixels."""
    image = Image.new("RGB", (scene.width, max(1, scene.height)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for item in scene.items:
        if isinstance(item, Card):
            b = item.box
            face = card_image(item.face, b.w, b.h, item.mark == "dim")
            image.paste(face, (b.x, b.y), face)
            if item.mark == "pick":
                draw.rounded_rectangle(
                    (b.x - 3, b.y - 3, b.right + 2, b.bottom + 2),
                    max(4, b.w // 8) + 3,
                    outline=GOLD,
                    width=4,
                )
        elif isinstance(item, Text):
            if item.text:
                draw_text(image, item.x, item.y, item.text, item.size, item.ink, item.anchor)
        elif isinstance(item, Panel):
            b = item.box
            draw.rounded_rectangle(
                (b.x, b.y, b.right - 1, b.bottom - 1),
                10,
                fill=item.fill,
                outline=item.outline,
                width=3 if item.outline else 0,
            )
        elif isinstance(item, Dot):
            b = item.box
            dot = dot_image(
                item.fill, item.outline, item.label, item.ink, b.w, b.h, item.label_size
            )
            image.paste(dot, (b.x, b.y), dot)
    return image


#: What the scene's colours are blended with at anti-aliased edges and on faded cards.
_GROUNDS: tuple[Colour, ...] = (BACKGROUND, PANEL, PANEL_EDGE, INK, DARK_INK)


def _colours(scene: Scene) -> tuple[tuple[Colour, Colour], ...]:
    """The colour pairs whose blends the scene's pixels hold: every colour it names against
    the backgrounds and inks, and each card's ink against its own face."""
    found: set[Colour] = {MUTED, GOLD, CARD_BACK}
    pairs: set[tuple[Colour, Colour]] = set()
    for item in scene.items:
        if isinstance(item, Card):
            edge = _darker(item.face.fill, 0.45)
            found.update((item.face.fill, item.face.ink, edge))
            pairs.update(((item.face.fill, item.face.ink), (item.face.fill, edge)))
        elif isinstance(item, Text):
            found.add(item.ink)
        elif isinstance(item, Panel):
            found.add(item.fill)
            if item.outline:
                found.add(item.outline)
        elif isinstance(item, Dot):
            outline = item.outline or _darker(item.fill, 0.4)
            found.update((item.fill, item.ink, outline))
            pairs.update(((item.fill, item.ink), (item.fill, outline)))
    pairs.update((colour, ground) for colour in found for ground in _GROUNDS)
    return tuple(sorted(pairs))


@functools.lru_cache(maxsize=512)
def palette(pairs: tuple[tuple[Colour, Colour], ...]) -> Image.Image:
    """A 256-colour palette holding each pair's colours and the steps between them, reduced by
    Pillow's octree quantiser. It depends only on the pairs, so the same scene always gives the
    same bytes."""
    ramps = [
        (
            a[0] + (b[0] - a[0]) * step // 6,
            a[1] + (b[1] - a[1]) * step // 6,
            a[2] + (b[2] - a[2]) * step // 6,
        )
        for a, b in pairs
        for step in range(7)
    ]
    swatch = Image.new("RGB", (len(ramps), 1))
    swatch.putdata(ramps)
    return swatch.quantize(256, method=Image.Quantize.FASTOCTREE)


def encode(scene: Scene, image: Image.Image) -> bytes:
    """PNG bytes in a 256-colour palette made for the scene's colours: flat colours and
    anti-aliased text lose nothing visible, and the file is small and quick to compress."""
    buffer = io.BytesIO()
    image.quantize(palette=palette(_colours(scene)), dither=Image.Dither.NONE).save(
        buffer, "PNG", compress_level=3
    )
    return buffer.getvalue()
