"""Small forms: a few labelled fields in a pop-up (player names, a game's options), and a
panel that asks for a single key (a setup slot, A-Z or 0-9).

The fields (``Text``, ``Number``, ``YesNo``, ``Choice``) are in ``fields``; this module lays
them out in a panel with OK and CANCEL and runs the keys and clicks.

Keys: Tab / Down and Shift+Tab / Up go from field to field (then to OK and CANCEL, and
round); Esc cancels (None, the covered screen put back).  Enter: with ``enter="next"``
(the default, for lists of names typed one after the other) it moves on to the next field
and accepts on the last one; with ``enter="accept"`` (an options box changed one value at
a time) it accepts from any field; with ``enter="blank"`` (a list of names of which only
some are needed) it moves on, but accepts from an empty text field.  Enter on OK accepts,
on CANCEL cancels.  Mouse: a click on a field focuses it, on a value's arrows steps it, on a yes/no value flips it,
on OK or CANCEL presses it; the right button cancels; a click outside is ignored, so a
stray click never loses what was typed.  The answer is a dict of values by field name.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent
from vconsole.video import ROWS

from .controls import DEFAULT, Controls
from .fields import STEP_DOWN, STEP_UP, Choice, Field, Number, Text, YesNo
from .hits import HitMap, left_click, right_click
from .hot import STOPS, Hot
from .popup import MAX_WIDTH, Panel, fold, show_panel, wait_any
from .theme import Theme

if TYPE_CHECKING:
    from vconsole.program import Dos

OK, CANCEL = "ok", "cancel"

#: what a form hands back: the values by field name, a hot key's ``hot.STOPS`` result, or None (cancelled)
Answer = dict[str, Any] | Hot | None


@dataclass(frozen=True)
class _Spot:
    """What a click on the form lands on: a field's row ("focus"), a value's arrow or a yes/no
    value ("step", by ``delta``), or a button ("button")."""

    what: str
    index: int = 0
    delta: int = 0
    button: str = ""


class Form:
    """A framed form of ``fields`` with OK and CANCEL; ``run()`` returns {name: value} or None.

    ``check(values)`` may refuse a whole answer with a message (e.g. "AT LEAST TWO PLAYERS");
    list such messages in ``notes`` so the form is sized to show them in place (one that
    does not fit is shown in a panel).  The hot keys see keys the form does not use (F1
    sound still works); a result in ``hot.STOPS`` closes the form and ``run()`` returns it
    (F7 answered yes is Hot.QUIT: the program must leave, which a cancel, None, does not
    say).  ``on_refused(msg)`` is told of every refusal (a program beeps there).
    """

    def __init__(self, dos: Dos, theme: Theme, title: str, fields: Sequence[Field], *,
                 controls: Controls = DEFAULT, enter: str = "next", ok: str = "OK", cancel: str = "CANCEL",
                 check: Callable[[Mapping[str, Any]], str | None] | None = None,
                 top: int | None = None, left: int | None = None, notes: Sequence[str] = (),
                 on_refused: Callable[[str], None] | None = None) -> None:
        if enter not in ("next", "accept", "blank"):
            raise ValueError("enter must be 'next', 'accept' or 'blank'")
        if not fields:
            raise ValueError("a form needs at least one field")
        self.dos, self.theme, self.title = dos, theme, title
        self.fields = list(fields)
        self.controls, self.enter, self.check = controls, enter, check
        self.on_refused = on_refused
        messages = [m for f in self.fields for m in f.messages()] + list(notes)
        self.buttons = [(OK, f"[ {ok} ]"), (CANCEL, f"[ {cancel} ]")]
        self.label_w = max(len(f.label) for f in self.fields)
        value_w = max(f.cells() for f in self.fields)
        buttons_w = sum(len(b) for _, b in self.buttons) + 3
        wanted = max(self.label_w + 2 + value_w, buttons_w, len(title) + 2, *map(len, messages))
        self.inner = min(MAX_WIDTH, wanted)
        self.msg_rows = max(len(fold([m], self.inner)) for m in messages)
        if self.label_w + 2 + value_w > self.inner:
            raise ValueError("form fields are wider than the screen")
        # rows inside the frame: blank, the fields, blank, message rows, the buttons
        lines = [""] * (len(self.fields) + 3 + self.msg_rows)
        if len(lines) + 2 > ROWS:
            raise ValueError(f"a form of {len(self.fields)} fields is taller than the screen")
        self.panel = Panel(dos, theme, f" {title} " if title else "", lines, top=top, left=left, width=self.inner,
                           role="form", frame_role="form_frame", title_role="form_title")
        self.focus = 0  # index into fields + buttons
        self.message = ""
        self.message_role = "form_hint"
        self.hits: HitMap[_Spot] = HitMap()

    # -- geometry -------------------------------------------------------------------------
    @property
    def field_col(self) -> int:
        return self.panel.left + 2 + self.label_w + 2

    def field_row(self, i: int) -> int:
        return self.panel.top + 2 + i

    @property
    def message_row(self) -> int:
        return self.panel.top + 3 + len(self.fields)

    @property
    def button_row(self) -> int:
        return self.message_row + self.msg_rows

    def _ring(self) -> int:
        return len(self.fields) + len(self.buttons)

    # -- drawing --------------------------------------------------------------------------
    def draw(self) -> None:
        th, scr = self.theme, self.dos.screen
        p = self.panel
        self.hits.clear()
        for i, f in enumerate(self.fields):
            row = self.field_row(i)
            scr.write(row, p.left + 2, f.label.rjust(self.label_w), th["form_label"])
            active = i == self.focus
            attr = th["form_field_active" if active else "form_field"]
            # mono shows an empty field as dots: a bright blank field would not be seen at all
            pad = "·" if th.mono and isinstance(f, Text) else " "
            scr.fill(row, self.field_col, row, self.field_col + f.cells() - 1, pad, attr)
            scr.write(row, self.field_col, f.text(), attr)
            self.hits.add(row, p.left + 1, row, p.right - 1, _Spot("focus", i))
            if isinstance(f, (Number, YesNo, Choice)):
                self.hits.add(row, self.field_col, row, self.field_col, _Spot("step", i, -1))
                right = self.field_col + f.cells() - 1
                self.hits.add(row, right, row, right, _Spot("step", i, 1))
                if isinstance(f, YesNo):
                    self.hits.add(row, self.field_col + 1, row, right - 1, _Spot("step", i, 1))
        lines = fold([self.message], self.inner) if self.message else []
        for k in range(self.msg_rows):
            scr.fill(self.message_row + k, p.left + 1, self.message_row + k, p.right - 1, " ", th["form"])
            if k < len(lines):
                scr.write(self.message_row + k, p.left + 2, lines[k], th[self.message_role])
        width = sum(len(b) for _, b in self.buttons) + 3 * (len(self.buttons) - 1)
        col = p.left + 2 + (self.inner - width) // 2
        for j, (what, text) in enumerate(self.buttons):
            active = self.focus == len(self.fields) + j
            scr.write(self.button_row, col, text, th["form_field_active" if active else "form_field"])
            self.hits.add_text(self.button_row, col, text, _Spot("button", button=what))
            col += len(text) + 3
        self._place_cursor()

    def _place_cursor(self) -> None:
        scr = self.dos.screen
        f = self.fields[self.focus] if self.focus < len(self.fields) else None
        if isinstance(f, Text):
            scr.set_cursor(self.field_row(self.focus), self.field_col + min(len(f.buffer), f.width - 1))
            scr.show_cursor()
        else:
            scr.hide_cursor()

    def _refused(self, message: str) -> None:
        self.say(message, error=True)
        if self.on_refused is not None:
            self.on_refused(message)

    def say(self, message: str, error: bool = False) -> None:
        self.message = message
        self.message_role = "form_error" if error else "form_hint"

    def _hint(self) -> None:
        self.say(self.fields[self.focus].hint() if self.focus < len(self.fields) else "")

    # -- moving about ----------------------------------------------------------------------
    def _leave(self) -> bool:
        """May the focus leave the current field?  A refusal is said."""
        if self.focus < len(self.fields):
            err = self.fields[self.focus].error()
            if err:
                self.fields[self.focus].focus()  # what is typed next starts the value afresh
                self._refused(err)
                return False
        return True

    def move_to(self, target: int) -> bool:
        if target == self.focus:
            return True
        if not self._leave():
            return False
        self.focus = target % self._ring()
        if self.focus < len(self.fields):
            self.fields[self.focus].focus()
        self._hint()
        return True

    def values(self) -> dict[str, Any]:
        return {f.name: f.value() for f in self.fields}

    def _accept(self) -> dict[str, Any] | None:
        """The answer, or None with the reason said (focus on the field at fault)."""
        for i, f in enumerate(self.fields):
            err = f.error()
            if err:
                self.focus = i
                f.focus()
                self._refused(err)
                return None
        values = self.values()
        if self.check is not None:
            err = self.check(values)
            if err:
                if self.focus < len(self.fields):
                    self.fields[self.focus].focus()
                if len(fold([err], self.inner)) <= self.msg_rows:
                    self.say(err, error=True)
                else:
                    show_panel(self.dos, self.theme, self.title, [err], controls=self.controls)
                return None
        return values

    # -- events ------------------------------------------------------------------------------
    def _press(self, what: str) -> tuple[bool, Answer]:
        if what == CANCEL:
            return True, None
        values = self._accept()
        return (values is not None), values

    def _key(self, key: Key) -> tuple[bool, Answer]:
        name = key.name
        n = len(self.fields)
        if name == "Esc":
            return True, None
        if name in ("Tab", "Down"):
            self.move_to(self.focus + 1)
        elif name in ("Shift+Tab", "Up"):
            self.move_to(self.focus - 1)
        elif name == "Enter":
            if self.focus >= n:
                return self._press(self.buttons[self.focus - n][0])
            if self.enter == "accept" or self.focus == n - 1:
                return self._press(OK)
            f = self.fields[self.focus]
            if self.enter == "blank" and isinstance(f, Text) and not str(f.value()).strip():
                return self._press(OK)
            self.move_to(self.focus + 1)
        elif self.focus >= n:
            if name == "Space":
                return self._press(self.buttons[self.focus - n][0])
            if name in ("Left", "Right"):
                self.move_to(n + (self.focus - n + (1 if name == "Right" else -1)) % len(self.buttons))
            else:
                return self._other(key)
        else:
            f = self.fields[self.focus]
            said = f.key(key)
            if said is None and name in STEP_DOWN + STEP_UP and not isinstance(f, Text):
                said = f.step(-1 if name in STEP_DOWN else 1)
            if said is None:
                return self._other(key)
            if said:
                self._refused(said)
            else:
                self._hint()
        return False, None

    def _other(self, key: Key) -> tuple[bool, Answer]:
        act = self.controls.hot(key)
        return (True, act) if act in STOPS else (False, None)

    def _click(self, ev: MouseEvent) -> tuple[bool, Answer]:
        if right_click(ev):
            return True, None
        if not left_click(ev):
            return False, None
        spot = self.hits.at(ev.row, ev.col)
        if spot is None:
            return False, None
        if spot.what == "button":
            if spot.button == CANCEL:
                return True, None
            if not self.move_to(len(self.fields) + [b for b, _ in self.buttons].index(spot.button)):
                return False, None
            return self._press(spot.button)
        if not self.move_to(spot.index):
            return False, None
        if spot.what == "step":
            said = self.fields[spot.index].step(spot.delta)
            if said:
                self._refused(said)
            else:
                self._hint()
        return False, None

    def run(self) -> Answer:
        """The values by field name; None when cancelled; the ``hot.STOPS`` result of the
        program's hot keys when one closed the form."""
        self.panel.open()
        self.fields[0].focus()
        self._hint()
        try:
            while True:
                self.draw()
                ev = self.dos.input()
                if isinstance(ev, Key):
                    done, answer = self._key(ev)
                elif isinstance(ev, MouseEvent) and self.controls.mouse:
                    done, answer = self._click(ev)
                else:
                    continue
                if done:
                    return answer
        finally:
            self.panel.close()


def ask_form(dos: Dos, theme: Theme, title: str, fields: Sequence[Field], *, controls: Controls = DEFAULT,
             enter: str = "next", ok: str = "OK", cancel: str = "CANCEL",
             check: Callable[[Mapping[str, Any]], str | None] | None = None,
             top: int | None = None, left: int | None = None, notes: Sequence[str] = (),
             on_refused: Callable[[str], None] | None = None) -> dict[str, Any] | Hot | None:
    """``Form(...).run()`` in one call."""
    return Form(dos, theme, title, fields, controls=controls, enter=enter, ok=ok, cancel=cancel, check=check,
                top=top, left=left, notes=notes, on_refused=on_refused).run()


def player_names(dos: Dos, theme: Theme, *, count: int = 6, least: int = 2, width: int = 12,
                 initial: Sequence[str] = (), title: str = "PLAYERS", label: str = "PLAYER",
                 controls: Controls = DEFAULT) -> list[str] | Hot | None:
    """Up to ``count`` names (upper case, blanks are no player), at least ``least`` of them:
    the names in order, None if cancelled, or the ``hot.STOPS`` result that closed the form.
    A name may be COMPUTER: the game decides."""
    names = list(initial) + [""] * count
    fields = [Text(f"p{i}", f"{label} {i + 1}", width=width, initial=names[i], upper=True,
                   allowed=lambda ch: ch.isalnum() or ch in " -.'", help="TYPE A NAME, OR COMPUTER")
              for i in range(count)]

    def check(values: Mapping[str, Any]) -> str | None:
        got = [v for v in values.values() if v]
        return None if len(got) >= least else f"AT LEAST {least} PLAYERS, PLEASE"

    answer = Form(dos, theme, title, fields, controls=controls, check=check,
                  notes=[f"AT LEAST {least} PLAYERS, PLEASE"]).run()
    if answer is None or isinstance(answer, Hot):
        return answer
    return [answer[f"p{i}"] for i in range(count) if answer[f"p{i}"]]


def ask_key(dos: Dos, theme: Theme, title: str, lines: Sequence[str], keys: str, *,
            controls: Controls = DEFAULT) -> str | Hot | None:
    """A panel asking for one key of ``keys`` (Anciento's "press a letter or a number" for a
    setup slot): that key, upper case, or None for Esc or the right button.  Other keys are
    passed to the hot keys (a result in ``hot.STOPS`` closes the panel and is returned); left
    clicks are ignored."""
    allowed = keys.upper()
    with Panel(dos, theme, f" {title} " if title else "", lines):
        while True:
            ev = wait_any(dos, controls)
            if isinstance(ev, Key):
                ch = ev.char.upper()
                if ev.name == "Esc":
                    return None
                if ch and ch in allowed:
                    return ch
                act = controls.hot(ev)
                if act in STOPS:
                    return act
            elif right_click(ev):
                return None
