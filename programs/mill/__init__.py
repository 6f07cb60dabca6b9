"""Tommy's Mill (nine men's morris) for vconsole."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="MILL",
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    switches=("S", "M", "C", "D"),
    title="Tommy's Mill",
    summary="Tommy's Mill: nine men's morris against the computer or a friend",
    tour="Enter 5 Space 1 4 Space 2 0 Space",  # three placements; Black's answer closes a mill and takes 5
    attract="Enter F2",  # White to the computer too: computer against computer
)
