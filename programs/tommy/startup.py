"""The house start-up screen and the shareware reminder shown when an unregistered copy ends.

Every Tommy's Toys program opened on a framed title with its copyright and catalogue
number, waiting for a key; the unregistered versions ended on a plea to register.  The
words here are ours; the name, years, address and catalogue number are each program's own
(as its document gives them).
"""
from __future__ import annotations

from dataclasses import dataclass

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.program import Dos
from vconsole.toolkit.controls import Controls
from vconsole.toolkit.popup import wait_any
from vconsole.toolkit.theme import Theme
from vconsole.video import COLS, ROWS

ADDRESS = "P. O. BOX 11261, DENVER, CO 80211 USA."

# Where the start-up screen puts things (rows of the 80x25 screen).
TITLE_TOP, TITLE_BOTTOM = 4, 8        # the framed title box; the title on the row between
TITLE_MIN_WIDTH, TITLE_MARGIN = 40, 12
COPYRIGHT_ROW, ADDRESS_ROW, CATALOG_ROW = 11, 12, 14
BEGIN_ROW = 19
# And the shareware reminder.
REMINDER_TITLE_ROW, REMINDER_TEXT_ROW, REMINDER_KEY_ROW = 3, 6, 20


@dataclass(frozen=True)
class Credits:
    """What a program's start-up screen says: its name, its copyright line and its catalogue
    number, each as the program's own document gives it."""

    title: str
    copyright: str
    catalog: str


def show(dos: Dos, theme: Theme, title: str, copyright: str, catalog: str, *,
         mouse: bool = True) -> Key | MouseEvent:
    """Draw the start-up screen and wait for any key or click (which is used up, and returned)."""
    scr = dos.screen
    scr.clear(theme["startup"])
    scr.box(0, 0, ROWS - 1, COLS - 1, theme["startup_frame"], double=True)
    box_w = max(len(title) + TITLE_MARGIN, TITLE_MIN_WIDTH)
    left = (COLS - box_w) // 2
    scr.box(TITLE_TOP, left, TITLE_BOTTOM, left + box_w - 1, theme["startup_frame"], double=True, fill=True)
    scr.fill(TITLE_TOP + 1, left + 1, TITLE_BOTTOM - 1, left + box_w - 2, " ", theme["startup"])
    scr.centre((TITLE_TOP + TITLE_BOTTOM) // 2, title.upper(), theme["startup_title"])
    lines = ((COPYRIGHT_ROW, copyright), (ADDRESS_ROW, ADDRESS + "  ALL RIGHTS RESERVED."), (CATALOG_ROW, catalog))
    for row, text in lines:
        scr.centre(row, text.upper(), theme["startup"])
    prompt = " PRESS ANY KEY TO BEGIN "
    scr.centre(BEGIN_ROW, prompt, theme["startup_key"])
    return wait_any(dos, Controls(mouse=mouse))


def shareware_reminder(dos: Dos, theme: Theme, name: str, *, mouse: bool = True) -> None:
    """The unregistered version's goodbye: what registering gets, and where to write."""
    scr = dos.screen
    scr.clear(theme["startup"])
    scr.box(0, 0, ROWS - 1, COLS - 1, theme["startup_frame"], double=True)
    scr.centre(REMINDER_TITLE_ROW, f" {name} - UNREGISTERED SHAREWARE COPY ", theme["startup_title"])
    lines = (
        "THANK YOU FOR TRYING THIS TOY.",
        "",
        "THIS COPY IS THE FREE SHAREWARE VERSION, WITH ITS LIMITS.",
        "THE REGISTERED VERSION HAS NONE OF THEM, AND REGISTERING",
        "IS HOW TOMMY'S TOYS KEEPS MAKING NEW ONES.",
        "",
        "TO REGISTER, OR FOR THE CATALOG OF OUR OTHER TOYS, WRITE TO:",
        "",
        "TOMMY'S TOYS",
        ADDRESS,
    )
    for i, text in enumerate(lines):
        scr.centre(REMINDER_TEXT_ROW + i, text, theme["startup"])
    scr.centre(REMINDER_KEY_ROW, " PRESS ANY KEY TO RETURN TO DOS ", theme["startup_key"])
    wait_any(dos, Controls(mouse=mouse))
