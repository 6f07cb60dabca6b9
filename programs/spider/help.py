"""Spider's rules and keys as F1 shows them, in our own words (the decisions included)."""

TITLE = " SPIDER: THE RULES AND THE KEYS "

TEXT = """\
THE GAME
Two packs, 104 cards.  The goal: eight runs from King down to Ace, each of
one suit.

At the start 44 cards lie face down in ten columns (columns 1 to 4 hold
five, columns 5 to 10 four) with one card face up on each.  The other 50
wait for five deals of ten.

MOVING CARDS
Cards on top of a column that are all of one suit and run down in order (9,
8, 7 of hearts) move together as a group, or any part of the group that
reaches the top of the column.  The group's first card goes on a card one
rank higher of any suit (a 7 on any 8), or into an empty column.  A move
that uncovers a face-down card turns it face up.

A complete run from King to Ace of one suit is not moved: trying to move it
takes it off the table.  You choose when; a complete suit may also stay on
the table (suits kept there earn points, see SCORING).

DEALING
A deal puts one card face up on every column.  It needs cards left to deal
and no empty column.

THE MOUSE
Left button below the last card of a column: the whole group on top goes to
the next column to the right (round past column 10) whose top card takes it.
It goes into an empty column only when no other column takes it.

Left button on a card of the group: the cards from that one up go to the
next place to the right that takes them, empty columns included.  Click the
group's first card to put a group into an empty column when it also fits
elsewhere; click again and it moves on to the next place.  Clicking below a
complete suit, or on its King, takes it off the table.  A short tune says a
move was made.

Right button: the control panel.  Left button picks a command, the right
button goes back to the game.  A message or the HELP arrow goes away with
any click.

THE KEYBOARD
Left and Right choose a column (its number lights up), Up and Down choose a
card of its group (the cards that would move light up) or the place below
it; the mark starts on column 1, and the first press already moves it.
Enter or Space does what the left button would do there.  The keys 1 to
9 and 0 (column 10) move the group on top of that column at once.  Esc opens
the control panel; there, the arrows and Enter or the first letter pick a
command, Esc goes back.  The letters H D U I V W also work straight from
the table (NEW GAME and GAME NUMBER only in the panel); Q opens the panel
with QUIT lit, so that one stray key never ends a game (Enter or Q again
ends it).  U asks first (Y or N) when taking back would cheat, and says
what it would cost.

THE CONTROL PANEL
HELP   shows a move worth making, or says to deal.  Its advice is not always
       the best.  It is off while a column is empty.
DEAL   deals ten cards.
UNDO   takes back the last action, as far back as you like.  Taking back a
       deal, or an action that turned a card face up, is cheating: the game
       can then no longer enter the Hit Parade.  UNDO is lit when it would
       cheat.
INFO   the game's number, the deals done, the score, the time played and the
       complete suits (those taken off the table shown inverted); H or a
       click on HIT PARADE shows the ten best scores.
VIEW   for long columns: the pointer becomes a cross, and the two lines you
       click, with all the lines between them, are hidden on every column,
       whatever each shows there.  One marker line takes their place and
       says how many of that column's cards it hides; the right button gives
       up.  VIEW again shows every line.  With the keyboard: Up and Down,
       Enter, Esc.
WATCH  the computer plays this deal from its start.  Any key or click stops
       it, and your own game comes back as you left it.  The computer's
       game never enters the Hit Parade.
NEW GAME     deals a new game at random.
GAME NUMBER  deals the game whose number (1 to 32000) you type, so that
       players can compare their play of one deal.  Both end the game on
       the table by way of the Hit Parade first, as QUIT does.
QUIT   ends the game (and the program), by way of the Hit Parade.

SCORING
10 for every card turned face up; 15 for every column with no face-down card
(an empty one too); 2 for every card lying on the next higher card of its
suit, outside complete suits; 50 for every complete suit, whether taken off
or not; 2 for every complete suit beyond three that is still on the table.
A won game scores from 990 (suits taken off) to 1000 (eight suits kept on
the table).

THE HIT PARADE
The ten best scores, kept in SPIDER.SCR (delete it to start afresh).  A game
enters when it ends (won, or QUIT) with a score above the tenth (or while
there are fewer than ten) and more than nothing, and only if UNDO never
cheated.  You then type your name; each entry shows the number of its
deal.  After a won game a new one is dealt.

A GAME LEFT UNFINISHED
However the program ends (QUIT, closing the window, Ctrl+C), a game under
way is kept in SPIDER.TMP with its deal, every action (so UNDO still takes
them back), its score and whether it may still enter the Hit Parade (a game
enters once).  The next start offers it: carry on, or deal a new game.  A
won game, or a deal with nothing played, leaves no file.
"""
