"""The chrome shared by the Tommy's Toys programs (Mill, Card Miners, String of Pearls...).

See chrome.Chrome for the pieces: switches S/M/C/D, themes for colour and mono,
function-key legend, Y/N questions, instructions pager, sound effects, border
colour, time pad and the NAME.TMP auto-save.
"""
from .ask import ask_yes_no, clicked_answer, mark_yes_no, yes_no_cells
from .autosave import AutoSave
from .chrome import QUIT, Chrome
from .hits import HitMap, left_click, right_click
from .legend import Legend
from .lineinput import dos_name_char, read_line
from .pager import Pager, show_text
from .settings import Settings, read_switches
from .sound import EFFECTS, Sound
from .theme import Palette, Theme
from .timepad import TimePad

__all__ = [
    "AutoSave", "Chrome", "EFFECTS", "HitMap", "Legend", "Pager", "Palette", "QUIT", "Settings", "Sound",
    "Theme", "TimePad", "ask_yes_no", "clicked_answer", "dos_name_char", "left_click", "mark_yes_no",
    "read_line", "read_switches", "right_click", "show_text", "yes_no_cells",
]
