"""Anciento's instructions (menu item 7) and its one-screen key reminder (H during play), in our own words."""
from __future__ import annotations

TITLE = " ANCIENTO - HOW TO PLAY "

TEXT = """\
THE IDEA
Seventy-two stones wait to be laid on the board: six shapes, each filled
with one of six patterns, every combination twice. Six stones start on the
board (together they show every shape and every pattern); the other 66
come one at a time, and you decide where each one goes. The more
neighbours a stone matches, the more it scores.

THE BOARD
Ten by ten squares: the eight by eight playing squares in the middle and,
around them behind the thin lines, a grey frame of 36 squares. A stone may
go on the frame, but it scores nothing there. The six starting stones
stand in the four corners and on two squares in the middle.

HOW A STONE MAY BE PLACED
Only the squares above, below, left and right are neighbours (never the
diagonals). A stone must touch at least one stone, and every neighbour
must share its shape or its pattern:
  1 neighbour:   the same shape or the same pattern.
  2 neighbours:  the shape of one and the pattern of the other.
  3 neighbours:  the shape of two and the pattern of the third,
                 or the shape of one and the pattern of the other two.
  4 neighbours:  the shape of two and the pattern of the other two:
                 a QUATRO.
A neighbour with the same shape AND the same pattern counts as either.

SCORING
A stone on the frame scores 0. Inside the frame: 1, 2, 4 or 8 points for
1, 2, 3 or 4 neighbours, times the BONUS. The BONUS starts at 1 and
doubles with every Quatro: the Quatro itself is paid at the old BONUS,
the doubling counts from the next stone on. A Quatro can only be made
inside the frame (a frame square has three neighbours at most).

THE END OF A GAME
The game ends when you press F10 (or when a time limit runs out), never
by itself: when all stones are down, or when the next stone fits nowhere,
you may still take moves back. F10 adds the end bonuses to your score:
  Quatros: 25 for the first, 50 for the second, 100 for the third, and
  so on, doubling. ALL of them are added: three Quatros pay
  25 + 50 + 100 = 175.
  Stones left unplaced: none 1000, one 500, two 100.
A finished game may enter the Hall of Fame (the ten best scores).

THE MAIN MENU
Down the right edge (press the digit, or click):
  1 Random game    a game with no number.
  2 Pick a game    the program picks a game number and shows it.
  3 Select a game  type a number from 1 to 32000. The same number gives
                   the same stones in the same order on any machine, so
                   friends can play the same game and compare.
  4 Set timer      a time limit in minutes (0: none). When it runs out,
                   the game ends and is scored as if you pressed F10.
  5 Saved games    the list of saved games; pick one to load it.
  6 Load game      type the name of a saved game. It opens at the start:
                   Enter or the left button shows the next move, Gray -
                   goes back one, F1 jumps to the last move, and from
                   there you play on.
  7 Help (or H)    these pages.
  8 Hall of Fame   the best scores, high to low.
  9 Quit           back to DOS.
Along the bottom line:
  Up / Down        the colour of the playing squares.
  Left / Right     the colours of the stones (each shape has its colour).
  R                the colours back to the start.
  B                black and white (always on with a mono display): the
                   stones are read by their characters alone.
  S                save the setup (the colours and the play settings of
                   F8) in a slot, a letter A-Z or a digit 0-9.
  L                load a saved setup.
  D                a demonstration of the best game to date: the master
                   plays a numbered game, showing each square before the
                   stone goes there, the match and the score. When a
                   player's game in the Hall of Fame beat the master on
                   its game number, that game is shown instead, with its
                   player's name. Any key or click stops it.
  K / M            play with the keyboard / with the mouse. Shown only
                   when a mouse driver is loaded; the mouse is then the
                   default.

THE STONES ON THE SCREEN
A stone's shape is its outline and its pattern is inside, so it can be
read without colour (each shape also has its own colour):
  shapes    thin box  ┌ ┐    double box  ╔ ╗    round  ( )
            diamond   / \\    points      ◄ ►    bars   ▐ ▌
  patterns  shaded ░   waves ≈   stripes ≡   dots •   grid ┼   checks ▀▄
The right side shows the stone to place (and the next four in easy
mode), the score, the BONUS, the Quatros, the stones left, the time
played and the time left.

FUNCTION KEYS DURING PLAY
Only their numbers are on the last line (a click on one works too).
  F1 Jump    to the last move of a loaded game (or of the moves taken
             back).
  F2 Skip    on: the keyboard rectangle jumps over occupied squares.
  F3 Wait    stops the time limit's countdown; the clock of time played
             goes on.
  F4 Save    saves the game under a name of up to 8 letters or digits.
  F5 Timer   takes the time limit away; pressing it again gives the full
             limit back.
  F6 Check   shows every square the stone may go to, one by one (no
             penalty for looking).
  F7 Sound   on or off. ANCIENTO /NS starts with no sound at all.
  F8 Setup   saves the play settings (sound, skip, timer, tune, blink
             rate, easy mode) with the colours in a setup slot, for L in
             the main menu later.
  F9 Reset   then R for the title screen or M for the main menu (Esc:
             go on playing).
  F10 End    ends the game and adds the end bonuses; while stones are
             left to place it asks first (Y or N).

OTHER KEYS DURING PLAY
Keyboard mode (a blinking rectangle marks the square):
  Arrows move it; Enter or Ins places the stone; Home, End, PgUp and PgDn
  jump to the corners of the eight by eight playing squares; Gray * goes
  home (the middle); Gray - takes a move back and Gray + puts it back;
  < and > make the rectangle blink slower or faster.
Mouse mode (the mouse pointer, no rectangle): the left button places the
stone on the square under the pointer, the right button takes a move
back. Gray - and Gray + work too.
In either mode:
  H          a one-screen reminder of the keys.
  E          easy mode on or off: the next four stones are shown.
  1 2 3 4    the tune played after a one-neighbour placement inside the
             frame; 0: no tune.
  Ctrl+Q     leaves at once for DOS; the game is kept (see below).

THE SWITCHES
  ANCIENTO /NS   no sound at all.
  ANCIENTO /PN   play next: when a game ends, the program picks the next
                 game by itself, until F9 M takes you to the main menu.

FILES (in the program's directory)
  NAME.ANC       saved games (plain text: the stones, the moves, the
                 score).
  SAMPLE.ANC     game 505 as the master played it; put there at the first
                 start if no file of that name is there.
  ANCIENTO.HOF   the Hall of Fame.
  ANCIENTO.BST   the best numbered game that entered the Hall of Fame,
                 move by move, for the demonstration.
  ANCIENTO.TMP   a game left unfinished. However the program ends
                 (Ctrl+Q, closing the window, Ctrl+C), a game under way
                 is kept there, and the next start offers to carry on
                 with it (Y or N; after N it is offered again until
                 another game is played). A game ended with F10 or by
                 the time limit, or left with F9, leaves no file.
  ANCIENTO.SET   the setups.
A saved game the program cannot read is named on the screen with the
reason and left as it is; a damaged Hall of Fame, setup, best-game or
unfinished-game file is kept as ANCIENTO.BAD and a fresh one is started.
"""

REMINDER_TITLE = " KEYS "
REMINDER = (
    "Arrows  move the rectangle   Enter/Ins  place",
    "Home End PgUp PgDn  corners  Gray *  home",
    "Gray -  take back            Gray +  put back",
    "Mouse: left places, right takes back",
    "E  easy mode (next 4)        1-4 / 0  tune",
    "< >  blink rate              Ctrl+Q  quit",
    "",
    "F1 Jump  F2 Skip  F3 Wait  F4 Save  F5 Timer",
    "F6 Check F7 Sound F8 Setup F9 Reset F10 End",
)
