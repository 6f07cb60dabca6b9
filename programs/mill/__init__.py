"""Tommy's Mill (nine men's morris) for vconsole."""
from vconsole.program import Program

from .main import main

PROGRAM = Program(
    name="MILL",
    main=main,
    switches=("S", "M", "C", "D"),
    title="Tommy's Mill",
    summary="Tommy's Mill: nine men's morris against the computer or a friend",
)
