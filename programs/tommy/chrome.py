"""Everything around the game board that Tommy's Toys programs share.

One object per run holds the display choice (theme), the mouse decision, the
border colour, sound, the time pad, the auto-save file and the function-key
legend, and handles the hot keys that mean the same in every program:
F1 sound, F5 instructions, F7 quit, F10 border colour, Up/Down time pad.
A game asks ``chrome.hotkey(key)`` first and deals with what is left.
"""
from __future__ import annotations

from typing import Callable

from vconsole.keyboard import Key, word_for
from vconsole.mouse import MouseEvent

from .ask import ask_yes_no
from .autosave import AutoSave
from .hits import left_click
from .legend import Legend
from .lineinput import dos_name_char, read_line
from .pager import show_text
from .settings import read_switches
from .sound import Sound
from .theme import Palette
from .timepad import TimePad

QUIT = "quit"


class Chrome:
    def __init__(self, dos, *, name: str, palette: Palette, help_title: str, help_text: str,
                 confirm_quit: bool = False,
                 speed_keys: tuple[str, str] | None = ("Up", "Down")) -> None:
        self.dos = dos
        self.name = name.upper()
        self.settings = read_switches(dos)
        dos.sound_on = self.settings.sound
        self.mono = self.settings.mono
        self.theme = palette.pick(self.mono)
        self.mouse = self.settings.mouse
        self.sound = Sound(dos)
        self.pad = TimePad()
        self.autosave = AutoSave(dos.drive, f"{self.name}.TMP")
        self.help_title, self.help_text = help_title, help_text
        self.confirm_quit = confirm_quit
        # (longer pad, shorter pad): each document names its own pair, e.g. Mill's arrows.
        self.speed_keys = speed_keys
        self.legend = Legend()
        self.question_at: tuple[int, int, int] = (24, 0, 80)  # row, col, width the game lends for questions
        self.on_change: Callable[[str], None] = lambda what: None
        self.border = self.theme.border
        dos.screen.hide_cursor()
        if not self.mono:
            dos.screen.set_border(self.border)
        if self.mouse:
            dos.mouse.show()

    # -- the standard legend entries (a game adds its own in between) --------------
    def legend_sound(self) -> None:
        self.legend.toggle("F1", lambda: self.sound.on, "SOUND ON", "SOUND OFF")

    def legend_help(self, label: str = "INSTRUCTIONS") -> None:
        self.legend.add("F5", label)

    def legend_quit(self, label: str = "QUIT") -> None:
        self.legend.add("F7", label)

    def legend_border(self, label: str = "BORDER COLOR") -> None:
        self.legend.add("F10", label, visible=lambda: not self.mono)

    def legend_speed(self, label: str = "TIME PAD") -> None:
        longer, shorter = self.speed_keys
        caption = "\x18\x19" if self.speed_keys == ("Up", "Down") else f"{longer}/{shorter}"
        self.legend.add(longer, label, caption=caption)

    # -- actions ------------------------------------------------------------------------
    def toggle_sound(self) -> None:
        self.sound.toggle()
        self.sound.effect("click")
        self.on_change("sound")

    def cycle_border(self) -> bool:
        """Next of the 16 overscan colours; only where the display has colour to show."""
        if self.mono:
            return False
        self.border = (self.border + 1) % 16
        self.dos.screen.set_border(self.border)
        self.on_change("border")
        return True

    def show_help(self) -> None:
        show_text(self.dos, self.theme, self.help_title, self.help_text, mouse=self.mouse)

    def hotkey(self, key: Key) -> str | None:
        """Handle a shared hot key; returns its action name, QUIT for F7, or None if not ours."""
        name = key.name
        if name == "F1":
            self.toggle_sound()
            return "sound"
        if name == "F5":
            self.show_help()
            return "help"
        if name == "F10":
            if not self.cycle_border():
                self.sound.effect("error")
            return "border"
        if name == "F7":
            if self.confirm_quit and not self.ask("QUIT (Y/N)? "):
                self.on_change("question")
                return "stay"
            return QUIT
        if self.speed_keys and name in self.speed_keys:
            changed = self.pad.up() if name == self.speed_keys[0] else self.pad.down()
            if not changed:
                self.sound.effect("error")
            self.on_change("pad")
            return "pad"
        return None

    def legend_key(self, ev) -> Key | None:
        """A click on a legend line, as the key it names."""
        if not (self.mouse and left_click(ev)):
            return None
        name = self.legend.key_at(ev.col, ev.row)
        if name is None:
            return None
        return Key(word_for(name))

    def ask(self, question: str, hotkeys: bool = True) -> bool:
        row, col, width = self.question_at
        self.sound.effect("question")

        def hot(key: Key) -> bool:
            return key.name in ("F1", "F10") and self.hotkey(key) is not None

        return ask_yes_no(self.dos, question, row, col, self.theme["question"], self.theme["question_key"],
                          mouse=self.mouse, hotkey=hot if hotkeys else None, clear_width=width)

    def read_file_name(self, prompt: str) -> str | None:
        """Prompt on the question line for an 8.3 file name; None if the player pressed Esc."""
        row, col, width = self.question_at
        scr = self.dos.screen
        scr.fill(row, col, row, col + width - 1, " ", self.theme["question"])
        scr.write(row, col, prompt, self.theme["question"])
        field = col + len(prompt)
        name = read_line(self.dos, row, field, min(13, col + width - field), self.theme["input"],
                         allowed=dos_name_char, upper=True, mouse=self.mouse,
                         on_refused=lambda: self.sound.effect("error"))
        return name.strip() if name is not None else None

    def input(self, timeout_ms: float | None = None) -> Key | MouseEvent | None:
        """The next key or mouse event, a click on the legend arriving as the key it names.

        Every game treats a legend click as the key press, so it is done here once;
        mouse events are dropped when the mouse is not in use.
        """
        while True:
            ev = self.dos.input(timeout_ms)
            if isinstance(ev, MouseEvent):
                if not self.mouse:
                    continue
                key = self.legend_key(ev)
                return ev if key is None else key
            return ev
