"""Tommy's Card Miners for vconsole: two miners, two decks, one mine, and a bank of chips."""
from vconsole.program import Entry, Program

PROGRAM = Program(
    name="CARDMINE",
    main=Entry(f"{__name__}.main:main"),  # imported when the program runs
    switches=("S", "M", "C", "D"),
    title="Tommy's Card Miners",
    summary="Tommy's Card Miners: dig for mother lodes with a deck of cards, against the computer or a friend",
    # game 1 (the gallery seed): a name, the deal, 9 of spades laid at 3-7 with a bump to 2-8, the reply
    tour='Enter "ALICE" Enter Enter 3 3 7 2 8 wait:4000',
    attract='Enter "COMPUTER" Enter Enter',  # the computer mines against itself
)
