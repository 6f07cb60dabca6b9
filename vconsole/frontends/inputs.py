"""The one door every input from outside goes through on its way into a machine.

A run is a function of its seed, its options and what came in from outside,
stamped with machine time: key words pushed into the BIOS buffer, the shift
flags, the pointer's position and buttons, and closing.  Front ends deliver
all of them through an ``Inputs``, so a journal (``vconsole.tools.journal``)
can record them by standing in its place, and a replay can deliver them again
through the same calls.  Keys a program puts back into its own buffer
(``Keyboard.push`` from the program's side) are not input and do not pass here.
"""
from __future__ import annotations

from typing import Protocol

from ..machine import Machine


class Journal(Protocol):
    """What a front end needs of a run's recorder (tools.journal.JournalRecorder): it watches the
    machine, stands in for the front end's ``Inputs``, and hears when the program starts and ends."""

    def attach(self, machine: Machine) -> None: ...

    def inputs(self, machine: Machine) -> Inputs: ...

    def started(self, machine: Machine) -> None: ...

    def finish(self, machine: Machine, code: int | None, stopped: bool) -> None: ...

    def close(self) -> None: ...


class Inputs:
    """Delivers input to one machine; subclasses (a journal) see every delivery."""

    def __init__(self, machine: Machine) -> None:
        self.machine = machine

    def key(self, word: int) -> bool:
        """A key word into the type-ahead buffer (False when the buffer was full: beep, lost)."""
        return self.machine.keyboard.push(word)

    def flush(self) -> None:
        """The buffer emptied by the keyboard (Ctrl+Break does it before storing 0000h)."""
        self.machine.keyboard.flush()

    def shift(self, flags: int) -> None:
        """The 0040:0017 shift and lock flags changed (a program may read them, INT 16h AH=02h)."""
        self.machine.keyboard.shift_flags = flags & 0xFF

    def move(self, x: int, y: int) -> None:
        """The pointer is at virtual pixel (x, y), 0-639 and 0-199."""
        self.machine.mouse.host_move(x, y)

    def button(self, button: int, down: bool) -> None:
        self.machine.mouse.host_button(button, down)

    def close(self) -> None:
        """The window was closed (or the script ran out): the program stops at its next service call."""
        self.machine.request_stop()


class KeyboardPort:
    """The keyboard as ``keyboard.KeyboardInput`` (INT 09h) sees it, with its writes going through Inputs.

    KeyboardInput pushes words, flushes on Ctrl+Break and keeps the shift flags;
    reading passes straight to the machine's keyboard.
    """

    def __init__(self, inputs: Inputs) -> None:
        self.inputs = inputs
        self._keyboard = inputs.machine.keyboard

    def push(self, word: int) -> bool:
        return self.inputs.key(word)

    def flush(self) -> None:
        self.inputs.flush()

    @property
    def shift_flags(self) -> int:
        return self._keyboard.shift_flags

    @shift_flags.setter
    def shift_flags(self, value: int) -> None:
        if (value & 0xFF) != self._keyboard.shift_flags:
            self.inputs.shift(value)
