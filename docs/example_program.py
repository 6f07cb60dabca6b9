"""HI-LO: a complete small program on the vconsole toolkit (see docs/ARCHITECTURE.md).

A card is shown; guess whether the next one is higher (H) or lower (L).  Backspace takes a
guess back, F1 switches the sound, Esc leaves.  The deal is numbered, so the same game
number deals the same cards on every machine.  Run it with ``vconsole run docs/example_program.py``
(or ``python docs/example_program.py``; add ``--headless --keys "h l"`` where there is no display),
or read tests/test_example.py, which plays it headless.
"""
from __future__ import annotations

from vconsole.keyboard import Key
from vconsole.program import Dos, Program
from vconsole.toolkit.cards import Card, pack
from vconsole.toolkit.history import History
from vconsole.toolkit.hits import HitMap, hit
from vconsole.toolkit.lines import MessageArea
from vconsole.toolkit.popup import show_panel
from vconsole.toolkit.rng import GameRandom
from vconsole.toolkit.sound import Sound
from vconsole.toolkit.theme import Palette

PALETTE = Palette(colour={"card": 0x70, "card_red_text": 0x74, "key": 0x1E},
                  mono={"card": 0x70, "card_red_text": 0x70, "key": 0x0F})


def guess(state: tuple[int, int], higher: bool, deck: list[Card]) -> tuple[int, int]:
    """(cards turned, score) after one guess: the pure rule of the game."""
    turned, score = state
    old, new = deck[turned - 1], deck[turned]
    right = new.rank > old.rank if higher else new.rank < old.rank
    return turned + 1, score + (1 if right else 0)


def main(dos: Dos) -> int:
    theme = PALETTE.pick(dos.mono_display)
    deck = GameRandom(dos.options.seed or 1).shuffled(pack())
    game: History[tuple[int, int], bool] = History((1, 0), lambda s, higher: guess(s, higher, deck))
    sound = Sound(dos, {"right": "MB T200 L32 O4 C E G", "wrong": "MB T200 L16 O2 C"})
    news = MessageArea(dos, theme, 20, 2, 76, 2)
    buttons: HitMap[bool] = HitMap()
    dos.screen.clear(theme["screen"])
    dos.screen.hide_cursor()
    if dos.mouse_installed:
        dos.mouse.show()
    while True:
        turned, score = game.state
        card = deck[turned - 1]
        dos.screen.centre(2, " HI-LO ", theme["title"])
        dos.screen.centre(8, f" {card.text:>3} ", theme["card_red_text" if card.red else "card"])
        dos.screen.centre(12, f"SCORE {score} OF {turned - 1}", theme["screen"])
        buttons.clear()
        for col, label, value in ((30, "[H]IGHER", True), (42, "[L]OWER", False)):
            dos.screen.write(16, col, label, theme["key"])
            buttons.add_text(16, col, label, value)
        if turned == len(deck):
            show_panel(dos, theme, " THE DECK IS DONE ", [f"YOU GUESSED {score} OF {turned - 1}."])
            return 0
        ev = dos.input()
        choice = hit(buttons, ev)
        if isinstance(ev, Key):
            if ev.name == "Esc":
                return 0
            if ev.name == "F1":
                sound.toggle()
                news.say("SOUND " + ("ON." if sound.on else "OFF."))
                continue
            if ev.name == "Backspace":
                news.say("GUESS TAKEN BACK." if game.back() else "NOTHING TO TAKE BACK.")
                continue
            choice = {"H": True, "L": False}.get(ev.char.upper())
        if choice is None:
            continue
        before = game.state[1]
        game.play(choice)
        right = game.state[1] > before
        sound.effect("right" if right else "wrong")
        news.say(f"{deck[turned].text}: {'RIGHT' if right else 'WRONG'}.")


PROGRAM = Program(name="HILO", main=main, title="HI-LO", summary="an example program on the toolkit")


def run(argv: list[str] | None = None) -> int:
    """Run it as ``vconsole run`` does: in a window, or headless with ``--headless --keys ...``; without a
    display, one line saying so (exit status 2), not a traceback."""
    import sys

    from vconsole.cli import main as vconsole

    return vconsole(["run", __file__, *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    raise SystemExit(run())
