"""Sound effects on the PC speaker that never hold the game up.

Every effect is a PLAY string in background mode (MB), so the notes are
queued and the program carries on, the way BASIC games kept playing while a
jingle sounded.  With sound switched off (F1 or the S switch) nothing is
queued at all, so a silent game does not wait for silent notes either.
"""
from __future__ import annotations

EFFECTS: dict[str, str] = {
    "click": "MB T255 L64 O4 C",
    "error": "MB T200 L32 O1 C P32 C",
    "select": "MB T255 L64 O5 E",
    "capture": "MB T220 L32 O3 G O2 G",
    "mill": "MB T200 L32 O4 C E G O5 C",
    "win": "MB T180 L16 O4 C E G O5 C8 P16 O4 G O5 C4",
    "lose": "MB T120 L8 O3 G E C O2 G4",
    "question": "MB T255 L64 O5 C O4 G",
}


class Sound:
    def __init__(self, dos) -> None:
        self.dos = dos

    @property
    def on(self) -> bool:
        return self.dos.sound_on

    def toggle(self) -> bool:
        self.dos.sound_on = not self.dos.sound_on
        if not self.dos.sound_on:
            self.dos.speaker.nosound()  # cut off anything still queued
        return self.dos.sound_on

    def play(self, music: str) -> None:
        """Queue a PLAY string (forced to background) when sound is on."""
        if self.on:
            self.dos.speaker.play(music if music.lstrip().upper().startswith("MB") else "MB " + music)

    def effect(self, name: str) -> None:
        self.play(EFFECTS[name])

    def tone(self, hz: float, ms: float) -> None:
        """A blocking tone (Sound + Delay + NoSound); silent and instant when sound is off."""
        if self.on:
            self.dos.speaker.tone(hz, ms)
