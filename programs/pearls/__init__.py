"""Tommy's String of Pearls for vconsole: 2-6 players or solitaire, with computer players."""
from vconsole.program import Program

from .main import main

PROGRAM = Program(
    name="PEARLS",
    main=main,
    switches=("S", "M", "C", "*", "D"),
    title="Tommy's String of Pearls",
    summary="Tommy's String of Pearls: collect runs of numbered pearls, 2-6 players or solitaire",
)
