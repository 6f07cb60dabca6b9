"""Sound effects on the PC speaker that never hold the program up.

Every effect is a PLAY string in background mode (MB), so the notes are queued and the
program carries on, the way BASIC games kept playing while a jingle sounded.  With sound
switched off (the program's toggle, a command-line switch) nothing is queued at all, so
a silent game does not wait for silent notes either.  Each program (or house style)
names its own effects.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vconsole.program import Dos


class Sound:
    def __init__(self, dos: Dos, effects: Mapping[str, str] | None = None) -> None:
        self.dos = dos
        self.effects: dict[str, str] = dict(effects or {})

    @property
    def on(self) -> bool:
        return self.dos.sound_on

    def toggle(self) -> bool:
        self.dos.sound_on = not self.dos.sound_on
        if not self.dos.sound_on:
            self.dos.speaker.nosound()  # cut off anything still queued
        return self.dos.sound_on

    def add(self, effects: Mapping[str, str]) -> None:
        """More named effects (a game's own on top of its house style's)."""
        self.effects.update(effects)

    def play(self, music: str) -> None:
        """Queue a PLAY string (forced to background) when sound is on."""
        if self.on:
            self.dos.speaker.play(music if music.lstrip().upper().startswith("MB") else "MB " + music)

    def effect(self, name: str) -> None:
        try:
            music = self.effects[name]
        except KeyError:
            raise KeyError(f"no sound effect named {name!r}") from None
        self.play(music)

    def tone(self, hz: float, seconds: float) -> None:
        """A blocking tone (Sound + Delay + NoSound); silent and instant when sound is off."""
        if self.on:
            self.dos.speaker.tone(hz, seconds)
