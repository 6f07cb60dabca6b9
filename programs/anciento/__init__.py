"""Anciento: place 72 stones by shape and pattern; every Quatro doubles the score
(after Gabor G. Laufer's 1993 game)."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="ANCIENTO",
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    switches=("/NS", "/PN"),
    title="Anciento",
    summary="Anciento: lay 72 stones by shape and pattern; Quatros double the score",
    tour='Enter 6 "sample" Enter F1',  # the master's game 505, every stone down
    attract="Enter D",  # the demonstration: the master plays a numbered game
)
