"""Tommy's String of Pearls for vconsole: 2-6 players or solitaire, with computer players."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="PEARLS",
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    switches=("S", "M", "C", "*", "D"),
    title="Tommy's String of Pearls",
    summary="Tommy's String of Pearls: collect runs of numbered pearls, 2-6 players or solitaire",
    tour="Enter Enter click:34,17 wait:1500 F2 wait:6000",  # past the show, OK the players, a few demo moves
    attract="Enter Enter click:34,17 F2",  # demo mode: the computer plays every hand, game after game
)
