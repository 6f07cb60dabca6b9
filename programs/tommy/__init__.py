"""The chrome shared by the Tommy's Toys programs (Mill, Card Miners, String of Pearls...).

A thin house style on the toolkit (vconsole.toolkit): see chrome.Chrome for the pieces:
switches S/M/C/D, the house palette for colour and mono, the function-key legend, Y/N
questions, the instructions pager, sound effects, border colour, time pad, the NAME.TMP
auto-save, the start-up screen and the shareware reminder; lifecycle.run, the run loop
every program of the house lives in (start-up, resume, turns, finish).
"""
from .chrome import Chrome
from .lifecycle import Toy, run
from .settings import Settings, read_switches
from .sound import HOUSE_EFFECTS
from .startup import Credits
from .theme import CHROME_COLOUR, CHROME_MONO, palette
from .timepad import TimePad

__all__ = ["CHROME_COLOUR", "CHROME_MONO", "Chrome", "Credits", "HOUSE_EFFECTS", "Settings", "TimePad", "Toy",
           "palette", "read_switches", "run"]
