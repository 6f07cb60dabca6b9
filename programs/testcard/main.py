"""A test card for the text-mode display, as a service engineer would want one.

It shows the whole character set in a 16x16 grid (so the line-drawing
characters meet and the ninth dot column of 9-dot cards can be checked), all
256 attributes (background down, foreground across; rows 8-F blink, or show
bright backgrounds when blinking is switched off), the hardware cursor in one
of several shapes and the border (overscan) colour.  Keys: B cycles the
border colour, C the cursor shape, K switches blink / bright backgrounds,
Esc, F7 or Q leaves.
"""
from __future__ import annotations

from vconsole.program import Dos
from vconsole.records import record
from vconsole.video import TextScreen

# Cursor shapes as a program gives them to INT 10h AH=01h (CGA scan lines).
CURSOR_SHAPES: tuple[tuple[int, int, str], ...] = (
    (0x06, 0x07, "underline"),
    (0x00, 0x07, "full block"),
    (0x00, 0x03, "top half"),
    (0x04, 0x07, "bottom half"),
    (0x07, 0x06, "start > end"),
    (0x20, 0x00, "hidden"),
)
QUIT_KEYS = {"Esc", "F7"}

FRAME_ATTR = 0x07
TITLE_ATTR = 0x1F
LABEL_ATTR = 0x0B
TEXT_ATTR = 0x07
KEY_ATTR = 0x0E
CHARSET_TOP, CHARSET_LEFT = 3, 3  # 16 rows x 16 columns of characters 00-FF
ATTRS_TOP, ATTRS_LEFT = 3, 27  # 16 rows x 16 columns of " XY" samples
STATUS_ROW, REGISTERS_ROW = 20, 21  # the cursor shape and border; the blink bit and line characters
KEYS_ROW = 23  # the keys and what they change
LAST_ROW, LAST_COL = 24, 79  # the frame round the whole 80 x 25 screen
CURSOR_ROW, CURSOR_COL = STATUS_ROW, 30  # the cell the hardware cursor sits on
CURSOR_CELL_ATTR = 0x1E  # the letter under the cursor: yellow on blue
BORDER_SAMPLE_MASK = 0x0F  # the border colour shown as a foreground (its four RGBI bits)


@record(frozen=False)  # @dataclass, without compiling its methods at start-up (vconsole.records)
class CardSettings:
    """What the keys change: border colour, cursor shape, blink versus bright backgrounds."""

    border: int = 1
    shape: int = 0
    blink: bool = True


def draw(screen: TextScreen, settings: CardSettings | None = None) -> None:
    """Paint the whole card and set the border, cursor and blink registers."""
    s = settings or CardSettings()
    screen.clear(TEXT_ATTR)
    screen.box(0, 0, LAST_ROW, LAST_COL, FRAME_ATTR, double=True)
    screen.write(0, 2, " TEST CARD ", TITLE_ATTR)
    _draw_charset(screen)
    _draw_attributes(screen)
    _draw_status(screen, s)
    screen.write(KEYS_ROW, 2, "B", KEY_ATTR)
    screen.write(KEYS_ROW, 3, " border  ", TEXT_ATTR)
    screen.write(KEYS_ROW, 12, "C", KEY_ATTR)
    screen.write(KEYS_ROW, 13, " cursor  ", TEXT_ATTR)
    screen.write(KEYS_ROW, 22, "K", KEY_ATTR)
    screen.write(KEYS_ROW, 23, " blink/bright  ", TEXT_ATTR)
    screen.write(KEYS_ROW, 38, "Esc F7 Q", KEY_ATTR)
    screen.write(KEYS_ROW, 46, " quit", TEXT_ATTR)
    apply_registers(screen, s)


def _draw_charset(screen: TextScreen) -> None:
    screen.write(CHARSET_TOP - 2, CHARSET_LEFT - 1, "Characters", LABEL_ATTR)
    screen.write(CHARSET_TOP - 1, CHARSET_LEFT, "0123456789ABCDEF", LABEL_ATTR)
    for hi in range(16):
        screen.write(CHARSET_TOP + hi, CHARSET_LEFT - 2, f"{hi:X}", LABEL_ATTR)
        for lo in range(16):
            screen.put(CHARSET_TOP + hi, CHARSET_LEFT + lo, hi * 16 + lo, TEXT_ATTR)


def _draw_attributes(screen: TextScreen) -> None:
    screen.write(ATTRS_TOP - 2, ATTRS_LEFT - 1, "Attributes (background down, foreground across)", LABEL_ATTR)
    for fg in range(16):
        screen.write(ATTRS_TOP - 1, ATTRS_LEFT + 3 * fg + 1, f"{fg:X}", LABEL_ATTR)
    for bg in range(16):
        screen.write(ATTRS_TOP + bg, ATTRS_LEFT - 2, f"{bg:X}", LABEL_ATTR)
        for fg in range(16):
            attr = bg * 16 + fg
            screen.write(ATTRS_TOP + bg, ATTRS_LEFT + 3 * fg, f" {attr:02X}", attr)


def cursor_label(screen: TextScreen, start: int, end: int, label: str) -> str:
    """What the card shows for these raw lines. The colour cards' BIOS rescales CGA lines, so
    0607h is their underline; a mono card takes them as they are on its 14-line cell, so there the
    label names the lines (0607h is a thin line mid-cell, as on IBM's MDA)."""
    if screen.mono and not start & 0x20 and start <= end:
        return f"lines {start}-{end}"
    return label


def _draw_status(screen: TextScreen, s: CardSettings) -> None:
    start, end, label = CURSOR_SHAPES[s.shape]
    label = cursor_label(screen, start, end, label)
    screen.fill(STATUS_ROW, 1, REGISTERS_ROW, LAST_COL - 1, " ", TEXT_ATTR)
    screen.write(STATUS_ROW, 2, f"Cursor CX={start:02X}{end:02X}h", TEXT_ATTR)
    screen.write(STATUS_ROW, 18, f"{label:<11}", LABEL_ATTR)
    screen.put(CURSOR_ROW, CURSOR_COL, "A", CURSOR_CELL_ATTR)
    screen.write(STATUS_ROW, 34, f"Border colour {s.border:2d} ", TEXT_ATTR)
    screen.write(STATUS_ROW, 52, "\u2588\u2588", s.border & BORDER_SAMPLE_MASK)
    screen.write(REGISTERS_ROW, 2, "Attribute bit 7: ", TEXT_ATTR)
    screen.write(REGISTERS_ROW, 19, "blinks      " if s.blink else "bright back ", LABEL_ATTR)
    screen.write(REGISTERS_ROW, 34, "Lines \u250c\u2500\u252c\u2500\u2510\u2554\u2550\u2566\u2550\u2557"
                         "\u2591\u2592\u2593\u2588\u2584\u2580", TEXT_ATTR)


def apply_registers(screen: TextScreen, s: CardSettings) -> None:
    start, end, _ = CURSOR_SHAPES[s.shape]
    screen.set_border(s.border)
    screen.set_blink(s.blink)
    screen.set_cursor(CURSOR_ROW, CURSOR_COL)
    screen.set_cursor_shape(start, end)


def handle_key(settings: CardSettings, name: str, char: str) -> bool:
    """Change the settings for one key; False when the key asks to leave."""
    if name in QUIT_KEYS or char in ("q", "Q"):
        return False
    if char in ("b", "B"):
        settings.border = (settings.border + 1) % 16
    elif char in ("c", "C"):
        settings.shape = (settings.shape + 1) % len(CURSOR_SHAPES)
    elif char in ("k", "K"):
        settings.blink = not settings.blink
    return True


def main(dos: Dos) -> int:
    screen = dos.screen
    settings = CardSettings()
    draw(screen, settings)
    while True:
        key = dos.keyboard.read()
        if not handle_key(settings, key.name, key.char):
            return 0
        _draw_status(screen, settings)
        apply_registers(screen, settings)
