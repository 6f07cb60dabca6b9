"""TESTCARD: every character, every attribute, the cursor shapes and the border colours."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="TESTCARD",
    saves=False,  # nothing of its own is kept between runs
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    switches=(),
    title="Test card",
    summary="all 256 characters, the 16x16 attribute table, cursor shapes and border colours",
    tour="b b c",  # a border colour other than the first and the full-block cursor
)
