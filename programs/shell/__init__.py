"""The DOS prompt that starts the other programs."""
from vconsole.program import Program

from .main import main

PROGRAM = Program(
    name="COMMAND",
    saves=False,  # it saves only what it is told to (COPY, ECHO >), and says when it cannot
    main=main,
    title="DOS prompt",
    summary="the DOS prompt: DIR lists the programs, type a name to run one",
    hidden=True,
    tour='"dir" Enter',
)
