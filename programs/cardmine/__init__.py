"""Tommy's Card Miners for vconsole: two miners, two decks, one mine, and a bank of chips."""
from vconsole.program import Program

from .main import main

PROGRAM = Program(
    name="CARDMINE",
    main=main,
    switches=("S", "M", "C", "D"),
    title="Tommy's Card Miners",
    summary="Tommy's Card Miners: dig for mother lodes with a deck of cards, against the computer or a friend",
    tour='Enter "ALICE" Enter Enter 3 3 7 wait:2000',  # a name, the deal, a first card laid, the reply
    attract='Enter "COMPUTER" Enter Enter',  # the computer mines against itself
)
