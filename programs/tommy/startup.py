"""The house start-up screen and the shareware reminder shown when an unregistered copy ends.

Every Tommy's Toys program opened on a framed title with its copyright and catalogue
number, waiting for a key; the unregistered versions ended on a plea to register.  The
words here are ours; the name, years, address and catalogue number are each program's own
(as its document gives them).
"""
from __future__ import annotations

from vconsole.toolkit.controls import Controls
from vconsole.toolkit.popup import wait_any
from vconsole.video import COLS

ADDRESS = "P. O. BOX 11261, DENVER, CO 80211 USA."


def show(dos, theme, title: str, copyright: str, catalog: str, *, mouse: bool = True):
    """Draw the start-up screen and wait for any key or click (which is used up, and returned)."""
    scr = dos.screen
    scr.clear(theme["startup"])
    scr.box(0, 0, 24, COLS - 1, theme["startup_frame"], double=True)
    box_w = max(len(title) + 12, 40)
    left = (COLS - box_w) // 2
    scr.box(4, left, 8, left + box_w - 1, theme["startup_frame"], double=True, fill=True)
    scr.fill(5, left + 1, 7, left + box_w - 2, " ", theme["startup"])
    scr.centre(6, title.upper(), theme["startup_title"])
    for row, text in ((11, copyright), (12, ADDRESS + "  ALL RIGHTS RESERVED."), (14, catalog)):
        scr.centre(row, text.upper(), theme["startup"])
    prompt = " PRESS ANY KEY TO BEGIN "
    scr.centre(19, prompt, theme["startup_key"])
    return wait_any(dos, Controls(mouse=mouse))


def shareware_reminder(dos, theme, name: str, *, mouse: bool = True) -> None:
    """The unregistered version's goodbye: what registering gets, and where to write."""
    scr = dos.screen
    scr.clear(theme["startup"])
    scr.box(0, 0, 24, COLS - 1, theme["startup_frame"], double=True)
    scr.centre(3, f" {name} - UNREGISTERED SHAREWARE COPY ", theme["startup_title"])
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
        scr.centre(6 + i, text, theme["startup"])
    scr.centre(20, " PRESS ANY KEY TO RETURN TO DOS ", theme["startup_key"])
    wait_any(dos, Controls(mouse=mouse))
