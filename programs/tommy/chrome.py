"""Everything around the game board that Tommy's Toys programs share.

One object per run holds the display choice (theme), the mouse decision, the border
colour, sound, the time pad, the auto-save file and the function-key legend, and handles
the hot keys that mean the same in every program: F1 sound, F5 instructions, F7 quit,
F10 border colour, and the two time-pad keys the program names.  A game asks
``chrome.hotkey(key)`` first and deals with what is left; the legend redraws itself when
a toggle changes what it says.  ``startup()`` shows the house start-up screen and
``finish()`` keeps or drops NAME.TMP and, for the shareware version, shows the reminder;
lifecycle.run puts them in their order around a program's loop.  The chrome sees the
machine only through the ``Dos`` contract.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, overload

from vconsole.keyboard import Key, word_for
from vconsole.mouse import MouseEvent
from vconsole.program import Dos
from vconsole.toolkit.ask import ask_yes_no
from vconsole.toolkit.autosave import AutoSave
from vconsole.toolkit.controls import Controls, HotKey
from vconsole.toolkit.hits import left_click
from vconsole.toolkit.hot import Hot, QuitRequest
from vconsole.toolkit.layers import redraw_when_clear
from vconsole.toolkit.legend import Legend
from vconsole.toolkit.lineinput import dos_name_char, read_line
from vconsole.toolkit.pager import show_text
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.sound import Sound
from vconsole.toolkit.theme import Palette
from vconsole.toolkit.think import KEEP, Busy

from . import remember, startup
from .settings import read_switches
from .sound import HOUSE_EFFECTS
from .timepad import TimePad

HELP_FOOTER = " PGUP PGDN \x18 \x19 HOME END: PAGES   ESC: BACK TO THE GAME"  # clear of "PAGE 10 OF 10"


class Chrome:
    def __init__(self, dos: Dos, *, name: str, palette: Palette, help_title: str, help_text: str,
                 confirm_quit: bool = False, speed_keys: tuple[str, str] | None = ("Up", "Down"),
                 effects: dict[str, str] | None = None) -> None:
        self.dos = dos
        self.name = name.upper()
        self.settings = read_switches(dos)
        # the last players' names and the sound, from the program's own NAME.INI (the S
        # switch still wins); the game sets ``names`` to be kept for next time
        self.remembered = remember.load(dos.drive, name)
        if self.settings.sound and self.remembered.sound is False:
            self.settings = replace(self.settings, sound=False)
        self.names: list[str] = list(self.remembered.names)
        dos.sound_on = self.settings.sound
        self.mono = self.settings.mono
        self.theme = palette.pick(self.mono)
        self.mouse = self.settings.mouse
        self.sound = Sound(dos, {**HOUSE_EFFECTS, **(effects or {})})
        self.pad = TimePad()
        self.autosave = AutoSave(dos.drive, f"{self.name}.TMP")
        self.help_title, self.help_text = help_title, help_text
        self.confirm_quit = confirm_quit
        # (longer pad, shorter pad): each document names its own pair, e.g. Mill's arrows.
        self.speed_keys = speed_keys
        self.legend = Legend()
        self.question_at: tuple[int, int, int] = (24, 0, 80)  # row, col, width the game lends for questions
        # Extra redraws a game wants after a hot key (the legend redraws itself): "sound",
        # "border", "pad", "question".
        self.on_change: Callable[[str], None] = lambda what: None
        # Where the game draws each of those (top, left, bottom, right), if it says: a redraw
        # beside an open pop-up then happens at once instead of when the pop-up closes.
        self.regions: dict[str, tuple[int, int, int, int]] = {}
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
        if self.speed_keys is None:
            raise ValueError(f"{self.name} was given no time-pad keys (speed_keys=None): no legend entry to show")
        longer, shorter = self.speed_keys
        caption = "\x18\x19" if self.speed_keys == ("Up", "Down") else f"{longer}/{shorter}"
        self.legend.add(longer, label, caption=caption)

    def changed(self, what: str) -> None:
        """A hot key changed something shown: the legend and the game's ``on_change`` redraw it,
        at once or (a pop-up is open) when it closes."""
        self.legend.redraw()
        redraw_when_clear(self.dos.screen, ("chrome", what), lambda: self.on_change(what), self.regions.get(what))

    # -- actions ------------------------------------------------------------------------
    def toggle_sound(self) -> None:
        self.sound.toggle()
        self.sound.effect("click")
        self.changed("sound")

    def cycle_border(self) -> bool:
        """Next of the 16 overscan colours; only where the display has colour to show."""
        if self.mono:
            return False
        self.border = (self.border + 1) % 16
        self.dos.screen.set_border(self.border)
        self.changed("border")
        return True

    def show_help(self) -> Hot | None:
        """The instructions; the hot keys still work over them (F7 Y quits from there too,
        as the documents promise "anywhere"): Hot.QUIT when it did."""
        return show_text(self.dos, self.theme, self.help_title, self.help_text,
                         controls=self.controls(self.hotkey),
                         footer=HELP_FOOTER, page_label=" PAGE {page} OF {pages} ")

    def hotkey(self, key: Key) -> Hot | None:
        """Handle a shared hot key: Hot.QUIT for F7 (answered yes), Hot.HANDLED, or None if not ours."""
        name = key.name
        if name == "F1":
            self.toggle_sound()
            return Hot.HANDLED
        if name == "F5":
            return Hot.QUIT if self.show_help() == Hot.QUIT else Hot.HANDLED
        if name == "F10":
            if not self.cycle_border():
                self.sound.effect("error")
            return Hot.HANDLED
        if name == "F7":
            if self.confirm_quit:
                row, col, width = self.question_at
                under = self.dos.screen.save(row, col, row, col + width - 1)
                if not self.ask("QUIT (Y/N)? "):
                    self.dos.screen.restore(under)  # the line as it was (a prompt, a form's help)
                    self.changed("question")
                    return Hot.HANDLED
            return Hot.QUIT
        if self.speed_keys and name in self.speed_keys:
            changed = self.pad.up() if name == self.speed_keys[0] else self.pad.down()
            if not changed:
                self.sound.effect("error")
            self.changed("pad")
            return Hot.HANDLED
        return None

    def legend_key(self, ev: MouseEvent) -> Key | None:
        """A click on a legend line, as the key it names."""
        if not (self.mouse and left_click(ev)):
            return None
        name = self.legend.key_at(ev.row, ev.col)
        if name is None:
            return None
        return Key(word_for(name))

    def controls(self, hotkey: HotKey | None = None) -> Controls:
        """How the toolkit's widgets are worked in this run: the mouse as the player chose,
        and ``hotkey`` (the game's own hot keys, or only some of the chrome's) or none."""
        return Controls(mouse=self.mouse, hotkey=hotkey)

    def busy(self, hot: HotKey | None = None, *, stops: Callable[[Key], Any] | None = None,
             typed: str | Callable[[], str] = KEEP) -> Busy:
        """A Busy (think loop, pauses, demos) that answers this program's hot keys and legend clicks;
        ``stops`` and ``typed`` as Busy takes them."""
        return Busy(self.dos, hot or self.hotkey, stops=stops, clicks=self.legend_key, typed=typed,
                    refuse=lambda key: self.sound.effect("error"))

    def ask(self, question: str, hotkeys: bool = True) -> bool:
        """A Y/N question on the question line.  F1 and F10 work meanwhile, and F7 too: quitting
        (confirmed, where the program asks) raises QuitRequest; F7 answered N asks again."""
        row, col, width = self.question_at
        self.sound.effect("question")

        class AskAgain(Exception):
            pass

        def hot(key: Key) -> Hot | None:
            if key.name == "F7":
                if self.hotkey(key) == Hot.QUIT:
                    raise QuitRequest
                raise AskAgain  # the quit question took the line: put this one back
            return self.hotkey(key) if key.name in ("F1", "F10") else None

        while True:
            try:
                return ask_yes_no(self.dos, self.theme, question, row, col,
                                  controls=self.controls(hot if hotkeys else None),
                                  clear_width=width)
            except AskAgain:
                continue

    def quit_key(self, key: Key) -> None:
        """For fields and tables that take only typing: F7 (confirmed) leaves the program from
        there (QuitRequest), F1 and F10 do their work; other keys are not theirs."""
        if key.name in ("F1", "F7", "F10") and self.hotkey(key) == Hot.QUIT:
            raise QuitRequest

    def read_file_name(self, prompt: str, refused: Callable[[str], None] | None = None) -> str | None:
        """Prompt on the question line for an 8.3 file name; None if the player pressed Esc.

        A character DOS would refuse in a name is not typed: it beeps, and ``refused(ch)``
        (the game's message line) says which one.
        """
        row, col, width = self.question_at
        scr = self.dos.screen
        scr.fill(row, col, row, col + width - 1, " ", self.theme["question"])
        scr.write(row, col, prompt, self.theme["question"])
        field = col + len(prompt)

        def refuse(ch: str) -> None:
            self.sound.effect("error")
            if refused is not None:
                refused(ch)

        name = read_line(self.dos, self.theme, row, field, min(13, col + width - field),
                         allowed=dos_name_char, upper=True, controls=self.controls(self.quit_key),
                         on_refused=refuse, limit=12)
        return name.strip() if name is not None else None

    @overload
    def input(self) -> Key | MouseEvent: ...

    @overload
    def input(self, timeout: float | None) -> Key | MouseEvent | None: ...

    def input(self, timeout: float | None = None) -> Key | MouseEvent | None:
        """The next key or mouse event, a click on the legend arriving as the key it names
        (None only when ``timeout`` seconds pass first).

        Every game treats a legend click as the key press, so it is done here once;
        mouse events are dropped when the mouse is not in use.
        """
        while True:
            ev = self.dos.input(timeout)
            if isinstance(ev, MouseEvent):
                if not self.mouse:
                    continue
                key = self.legend_key(ev)
                return ev if key is None else key
            return ev

    # -- the start and the end of a run -------------------------------------------------
    def startup(self, title: str, copyright: str, catalog: str) -> None:
        """The house start-up screen; any key or click goes on (and is used up), but F7 is
        the quit key there too (QuitRequest)."""
        ev = startup.show(self.dos, self.theme, title, copyright, catalog, mouse=self.mouse)
        if isinstance(ev, Key) and ev.name == "F7" and self.hotkey(ev) == Hot.QUIT:
            raise QuitRequest

    def finish(self, game_text: str | None, what: str = "THE GAME IN PROGRESS") -> None:
        """Keep the unfinished game in NAME.TMP (``game_text``) or drop the file (None).

        A save that fails is said on a panel (unless the window is already closing) and on
        the terminal at exit, with errorlevel 1: a game is never lost in silence.  Then the
        shareware reminder, when the run is the unregistered version.
        """
        if self.names or self.sound.on != self.settings.sound:  # (it only saves typing)
            remember.save(self.dos.drive, self.name, self.names, self.sound.on)
        if game_text is None:
            self.autosave.discard()
        else:
            problem = self.autosave.save(game_text)
            if problem is not None:
                self.dos.warn_at_exit(f"{what.lower()} was not saved: {problem}")
                if not self.dos.stopping:
                    self.sound.effect("error")
                    show_panel(self.dos, self.theme, f" {self.autosave.name} NOT WRITTEN ", [
                        f"{what} COULD NOT BE SAVED:", problem.upper(), "",
                        "IT WILL NOT BE THERE NEXT TIME YOU PLAY.", "", "PRESS ANY KEY."],
                        controls=self.controls(), flush=True)
        if self.dos.options.shareware and not self.dos.stopping:
            startup.shareware_reminder(self.dos, self.theme, self.name, mouse=self.mouse)
