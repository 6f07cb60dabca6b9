"""The instructions shown by F5, written afresh for this version (not the original's text)."""

TITLE = "TOMMY'S MILL - HOW TO PLAY"

TEXT = """\
TOMMY'S MILL is the old board game also known as Nine Men's Morris, Merrills
or Muhle.  Two players, White and Black, each own nine pieces.

THE BOARD
  Three squares, one inside the other.  The corners and the middle of every
  side are the 24 points, numbered 1 to 24 row by row from the top left:

        1 ----------- 2 ----------- 3
        |    4 ------ 5 ------ 6    |
        |    |    7 - 8 - 9    |    |
       10 - 11 - 12       13 - 14 - 15
        |    |   16 -17 - 18   |    |
        |   19 ----- 20 ----- 21    |
       22 ---------- 23 ---------- 24

  The 16 straight lines of three points (1-2-3, 1-10-22, 2-5-8 ...) are
  the segments.  There are no diagonals.

PLAYING
  White begins.  For the first nine turns each side puts one piece from
  its hand on any free point.  After that a turn means sliding one of your
  pieces along a segment to the free point next to it.

  Three of your pieces on one segment make a MILL.  Closing a mill lets you
  remove one enemy piece from the board for good, though pieces standing in
  a mill of their own are always safe (when every enemy piece is in a mill
  there is nothing to take).  You may also decline to take anything.  Pulling a piece out of a
  mill and pushing it back later closes the mill again and captures again.

  You lose when you are down to two pieces, or when it is your turn and
  none of your pieces can move.  Resigning also ends the game.

  Two extra rules can be switched on with the O command:
    KIDDIE: a side left with exactly three pieces may jump a piece to any
            free point instead of sliding it.
    LAST MILL: a capture may break up the enemy's last mill when those
            three pieces are all the enemy has left.

WHO PLAYS
  Each side is played either from the keyboard (that includes the mouse)
  or by the computer.  F2 switches White between the two, F3 does the same
  for Black; the PLAYERS box at the top right shows the current choice.
  You start as White against the computer.  Let the computer take both
  sides to watch a game, or give both to the keyboard to play a friend.

ENTERING A MOVE WITH THE KEYBOARD
  Type the point numbers, each one followed by a space:
       23 space            put a piece on 23
       1 space 2           slide the piece on 1 to 2
       1 space 2 space 11  slide 1 to 2, closing a mill, and take 11
       1 space 2 space 0   the same slide, but take nothing
  While placing, a mill-closing placement works the same way: 23 space 11.
  The numbers appear on the line under the board as you type.  A number
  is accepted as soon as nothing longer could be meant.  Any key that
  cannot belong to the move (a letter, say) throws the entry away so you
  can start it again.

ENTERING A MOVE WITH THE MOUSE
  Click the piece to move (or the free point to place on), then the point
  to move it to, then the enemy piece to take.  Click the time display in
  the middle of the board to take nothing.  A right click, or a click on
  another of your pieces, starts the move again.

COMMANDS (type one instead of a move)
  S        save the game to a file you name (any name except MILL.TMP,
           which belongs to the automatic save).  Finished games too.
  R        read a saved game back.  If it was finished you can step back
           through it with the period; stepping forward to its end finishes
           it again, after which only reading it in again lets you go back.
  X or Esc resign (you are asked to confirm).
  .        step back one move
  /        step forward again through moves you stepped back over
  O        choose the KIDDIE and LAST MILL rules
  Stepping goes on until it is a keyboard player's turn, so against the
  computer one press takes back your move and its answer.  When the
  computer plays both sides it steps all the way to the start or the end
  of the recorded line; press F2 or F3 to stop it.

  A game file is plain text with one move per line, written exactly as
  you would type it.  Lines beginning with a period are notes and are
  skipped when the file is read.

AUTOMATIC SAVE
  Leave the program (F7, or close the window) in the middle of a game and
  it is kept in MILL.TMP; the next start picks it up where you left off.
  A MILL.TMP that cannot be read is renamed MILL.BAD and a new game starts.

FUNCTION KEYS
  F1   sound on or off         F2   White: keyboard or computer
  F3   Black: keyboard or computer
  F5   these instructions (PgUp, PgDn and the arrows scroll, Esc returns)
  F7   quit                    F8   lower the level   F9   raise it
  F10  next border colour (colour displays only)
  Up/Down arrows   lengthen or shorten the time pad
  For the switches (F1, F2, F3) the legend names what a press will change
  to, which is the opposite of what is in effect now.  The legend lines
  can also be clicked.

LEVEL AND TIME PAD
  The level, 0 to 9, is how many moves ahead the computer looks (the
  unregistered shareware version stops at 2).  Level 9 looks as far as a
  fixed amount of work takes it (often well past nine moves), and plays
  its first placements from a book worked out in advance by a deeper
  search; among equally good moves it picks one at random.  While it
  thinks, the best move found so far is shown under the board; press Esc
  to make it play that move at once.  The time pad, 0.1 to 10.0 seconds,
  is the least time the computer takes over a move, so that you can
  follow its play.

MOVE BUFFER
  Under the move list: how many moves are on the board now and how many
  the buffer can hold.  A game that fills the buffer ends as a draw.

TIPS
  The middle points of the second square (5, 11, 14, 20) are the strongest
  to hold early.  Look out for two open lines sharing one free point: the
  opponent cannot block both.  Later on, a piece that can swing between
  two mills captures on every turn.

COMMAND LINE
  MILL S  sound off     MILL M  mono colours     MILL C  colour
  MILL D  ignore the mouse.  Letters combine: MILL MS
"""
