"""Spider, the two-pack patience, for vconsole (after J.-E. Doucet's Atari ST game of 1992)."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="SPIDER",
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    title="Spider",
    summary="Spider: the two-pack patience, mouse first (after the Atari ST game)",
    # game 1 (the gallery seed): three moves by the column keys, then the control panel, UNDO marked a cheat
    tour="2 wait:1000 6 wait:1000 4 wait:1000 Esc",
    attract="Esc W",  # the control panel's WATCH: the computer plays the deal
)
