"""The DOS prompt that starts the other programs."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="COMMAND",
    saves=False,  # it saves only what it is told to (COPY, ECHO >), and says when it cannot
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    title="DOS prompt",
    summary="the DOS prompt: DIR lists the programs, type a name to run one",
    hidden=True,
    tour='"dir" Enter',
)
