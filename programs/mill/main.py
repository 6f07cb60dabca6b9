"""Tommy's Mill: the program loop around the rules model, the computer player and the screen.

The loop asks, turn by turn, who is to move: the computer searches (Esc plays
its best move so far, F2/F3 take the side back), a keyboard player types or
clicks a move or a command, and a finished game waits for "new game?".  The
game in progress is written to MILL.TMP in a ``finally`` block, so it
survives F7 and a closed window alike.
"""
from __future__ import annotations

from vconsole.disk import DiskError, dos_name
from vconsole.keyboard import Key
from vconsole.mouse import MouseEvent

from vconsole_programs.tommy import QUIT, Chrome, clicked_answer, left_click, mark_yes_no, right_click

from . import ai, help as help_text
from .notation import (EntryParser, EntryState, GameFileError, format_move, game_file_text, options_note,
                       read_game_file)
from .rules import (BLACK, DECLINE, PIECES_PER_SIDE, WHITE, Game, GameOverError, Move, Options, Position,
                    apply)
from .screen import LEFT_WIDTH, NAMES, PALETTE, PROMPT_ROW, MillScreen, on_clock, point_at

KEYBOARD, COMPUTER = "KEYBOARD", "COMPUTER"
MAX_LEVEL, SHAREWARE_MAX_LEVEL = 9, 2
DEFAULT_LEVEL = 2
TMP_HEADER = ". TOMMY'S MILL AUTO-SAVE (the game left unfinished last time)"


def moves_text(n: int) -> str:
    return f"{n} MOVE" + ("" if n == 1 else "S")


class MillApp:
    def __init__(self, dos) -> None:
        self.dos = dos
        self.chrome = Chrome(dos, name="MILL", palette=PALETTE, help_title=help_text.TITLE,
                             help_text=help_text.TEXT)
        self.chrome.question_at = (PROMPT_ROW, 0, LEFT_WIDTH)
        self.chrome.on_change = self._chrome_changed
        self.theme = self.chrome.theme
        self.max_level = SHAREWARE_MAX_LEVEL if dos.options.shareware else MAX_LEVEL
        self.level = min(DEFAULT_LEVEL, self.max_level)
        self.players = [KEYBOARD, COMPUTER]
        self.options = Options()
        self.tick_ms = 1000  # the time display moves on while the player thinks
        self._build_legend()
        self.view = MillScreen(dos, self.theme, self.chrome.legend)
        self.new_game(announce=False)
        dos.monkey_check = self.check_invariants

    def check_invariants(self) -> None:
        """What must hold whatever is typed (the monkey tester calls this after every input).

        The board is exactly the move record replayed from the start, and every
        side's nine pieces are accounted for: on the board, in hand or captured.
        """
        pos = Position.start(self.game.options)
        captured = [0, 0]
        for ply, move in enumerate(self.game.played()):
            pos = apply(pos, move)
            if move.capture not in (None, DECLINE):
                captured[1 - ply % 2] += 1
        if pos != self.game.position:
            raise AssertionError(f"board differs from the move record at ply {self.game.pointer}")
        for side in (WHITE, BLACK):
            total = pos.pieces(side).bit_count() + pos.in_hand[side] + captured[side]
            if total != PIECES_PER_SIDE:
                raise AssertionError(f"{NAMES[side]} has {total} pieces accounted for, not {PIECES_PER_SIDE}")
        if not 0 <= self.level <= self.max_level:
            raise AssertionError(f"level {self.level} outside 0..{self.max_level}")

    # -- state --------------------------------------------------------------------------
    def new_game(self, announce: bool = True) -> None:
        self.game = Game(self.options)
        self.finished = False  # the end has been announced
        self.review = False  # a finished game read from a file: '.' may step back into it
        self.declined = False  # answered N to "new game?"
        self.resigned: int | None = None
        self.entry: EntryParser | None = None
        self.clock_base, self.clock_start = 0.0, self.dos.now()
        if announce:
            self.redraw()
            self.view.message("NEW GAME. WHITE PLAYS FIRST.")

    def elapsed(self) -> float:
        running = self.dos.now() - self.clock_start if self.clock_start is not None else 0.0
        return self.clock_base + running

    def stop_clock(self) -> None:
        self.clock_base, self.clock_start = self.elapsed(), None

    @property
    def turn(self) -> int:
        return self.game.position.turn

    def outcome(self) -> tuple[int | None, str] | None:
        """(winner or None for a draw, reason) once the game is decided."""
        if self.resigned is not None:
            return 1 - self.resigned, f"{NAMES[self.resigned]} RESIGNS"
        result = self.game.result()
        if result is None:
            return None
        if result == "draw":
            return None, "THE MOVE BUFFER IS FULL: A DRAW"
        winner = WHITE if result == "white" else BLACK
        loser = 1 - winner
        pos = self.game.position
        why = "IS DOWN TO 2 PIECES" if pos.material(loser) < 3 else "CANNOT MOVE"
        return winner, f"{NAMES[loser]} {why}"

    # -- legend and redraws -------------------------------------------------------------
    def _build_legend(self) -> None:
        c = self.chrome
        c.legend_sound()
        c.legend.toggle("F2", lambda: self.players[WHITE] == COMPUTER, "WHITE: COMPUTER", "WHITE: KEYBOARD")
        c.legend.toggle("F3", lambda: self.players[BLACK] == COMPUTER, "BLACK: COMPUTER", "BLACK: KEYBOARD")
        c.legend_help()
        c.legend_quit()
        c.legend.add("F8", "LEVEL DOWN")
        c.legend.add("F9", "LEVEL UP")
        c.legend_border()
        c.legend_speed()

    def _chrome_changed(self, what: str) -> None:
        self.view.draw_legend()
        self.draw_level()

    def draw_level(self) -> None:
        opts = []
        if self.options.kiddie:
            opts.append("KIDDIE")
        if self.options.take_from_mill_when_only_three:
            opts.append("LAST MILL")
        self.view.draw_level(self.level, self.chrome.pad.text, " ".join(opts))

    def draw_board(self) -> None:
        moves = self.game.played()
        last = moves[-1] if moves else None
        self.view.draw_board(self.game.position, selected=self.selected(), last=last, clock=self.elapsed())

    def draw_game(self) -> None:
        self.draw_board()
        self.view.draw_players((self.players[0], self.players[1]), self.game.position, self.finished)
        self.view.draw_moves(self.game)

    def redraw(self) -> None:
        self.view.draw_frame()
        self.view.draw_legend()
        self.draw_level()
        self.draw_game()
        self.view.message("")
        self.view.prompt("")

    def selected(self) -> int | None:
        """The piece a half-entered move starts from (shown picked up on the board)."""
        if self.entry is None or self.entry.stage == "from" or self.game.position.placing:
            return None
        return self.entry.numbers[0]

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        note = self.restore_autosave()
        self.redraw()
        if note:
            self.view.message(note, "error")
        elif self.game.moves:
            self.view.message(f"THE GAME FROM MILL.TMP GOES ON ({moves_text(self.game.pointer)}).")
        try:
            while True:
                if self.finished:
                    action = self.finished_turn()
                elif self.players[self.turn] == COMPUTER:
                    action = self.computer_turn()
                else:
                    action = self.keyboard_turn()
                if action == QUIT:
                    return 0
        finally:
            self.write_autosave()

    # -- hot keys -------------------------------------------------------------------------
    def hot(self, key: Key) -> str | None:
        """Keys that work at any moment; returns QUIT, "mode", another action name, or None."""
        act = self.chrome.hotkey(key)
        if act is not None:
            return act
        name = key.name
        if name in ("F2", "F3"):
            side = WHITE if name == "F2" else BLACK
            self.players[side] = COMPUTER if self.players[side] == KEYBOARD else KEYBOARD
            if self.players[self.turn] == COMPUTER:
                self.entry = None
            self.view.draw_legend()
            self.draw_game()
            self.view.message(f"{NAMES[side]} IS NOW PLAYED BY THE {self.players[side]}.")
            return "mode"
        if name in ("F8", "F9"):
            new = self.level + (1 if name == "F9" else -1)
            if 0 <= new <= self.max_level:
                self.level = new
                self.view.message(f"DIFFICULTY LEVEL {new}.")
            else:
                self.chrome.sound.effect("error")
                if new > self.max_level and self.max_level < MAX_LEVEL:
                    self.view.message(f"LEVEL {self.max_level} IS THE TOP LEVEL OF THE SHAREWARE VERSION.",
                                      "error")
            self.draw_level()
            return "level"
        return None

    def poll_hot(self, esc: bool, steps: bool = False) -> str | None:
        """Act on keys typed and legend clicks while the computer has the move.

        Returns QUIT, "mode", "esc", "back" / "forward" ('.' or '/' when ``steps``), or None.

        Every waiting key is looked at, not just the first: a digit typed ahead must not
        keep F7 or F2 waiting behind it.  Keys meant for a keyboard player go back into
        the buffer in the order typed, so a move typed ahead still counts; with no
        keyboard player to read them they are refused with a beep instead of sitting
        there for ever.
        """
        kb = self.dos.keyboard
        kept: list[Key] = []
        act = None
        while act is None:
            key = kb.get()
            if key is None:
                break
            if esc and key.name == "Esc":
                act = "esc"
            elif (done := self.hot(key)) is not None:
                if done in (QUIT, "mode"):
                    act = done
            elif steps and not kept and key.char in (".", "/"):
                act = "back" if key.char == "." else "forward"
            elif KEYBOARD in self.players:
                kept.append(key)
            else:
                self.chrome.sound.effect("error")
        later = []
        while kb.pending():
            later.append(kb.get())
        for key in kept + later:
            kb.push(key.word)
        while act is None:
            ev = self.dos.mouse.next_event()
            if ev is None:
                break
            key = self.chrome.legend_key(ev)  # a click on the legend is its key; others are no move
            if key is not None:
                done = self.hot(key)
                if done in (QUIT, "mode"):
                    act = done
        return act

    def pause(self, seconds: float, esc: bool, steps: bool = False) -> str | None:
        """Let machine time pass while still answering hot keys (any action cuts it short)."""
        end = self.dos.now() + max(0.0, seconds)
        while True:
            act = self.poll_hot(esc, steps)
            if act is not None:
                return act
            left = end - self.dos.now()
            if left <= 0:
                return None
            self.dos.wait(min(left, 0.05) * 1000)

    # -- computer -------------------------------------------------------------------------
    def computer_turn(self) -> str | None:
        pos = self.game.position
        color = pos.turn
        start = self.dos.now()
        who = f"{NAMES[color]} (COMPUTER)"
        self.view.prompt(f"{who} IS THINKING...", role="thinking")
        stop: dict[str, str] = {}

        def on_best(move: Move, depth: int, score: int) -> None:
            self.view.prompt(f"{who}: {format_move(move)}", "   ESC PLAYS IT", role="thinking")

        def should_stop() -> bool:
            act = self.poll_hot(esc=True, steps=True)
            if act in ("esc", QUIT, "back", "forward"):
                stop["why"] = act
                return True
            if act == "mode" and self.players[color] == KEYBOARD:
                stop["why"] = "mode"
                return True
            return False

        move = ai.choose_move(pos, self.level, rng=self.dos.rng, on_best=on_best, should_stop=should_stop)
        why = stop.get("why")
        if why is None:
            why = self.pause(self.chrome.pad.seconds - (self.dos.now() - start), esc=True, steps=True)
        if why == QUIT:
            return QUIT
        if why in ("back", "forward"):
            self.view.prompt("")
            return self.step(back=why == "back")
        if why != "esc":
            if self.players[color] == KEYBOARD or self.finished or self.game.position != pos:
                self.view.prompt("")
                return None
        self.play(move)
        return None

    # -- keyboard player --------------------------------------------------------------------
    def keyboard_turn(self) -> str | None:
        if self.entry is None:
            self.entry = EntryParser(self.game.position)
        self.show_entry()
        ev = self.chrome.input(self.tick_ms)
        if ev is None:
            self.view.draw_clock(self.elapsed())
            return None
        if isinstance(ev, MouseEvent):
            self.mouse_entry(ev)
            return None
        act = self.hot(ev)
        if act is not None:
            return QUIT if act == QUIT else None
        return self.typed(ev)

    def show_entry(self) -> None:
        pos = self.game.position
        name = NAMES[pos.turn]
        if self.entry is not None and self.awaiting_capture():
            text = f"{name}, TAKE WHICH PIECE (0=NONE)? "
        elif pos.placing:
            text = f"{name}, PLACE A PIECE: "
        else:
            text = f"{name}, YOUR MOVE: "
        self.view.prompt(text, (self.entry.text if self.entry else "") + "_")

    def awaiting_capture(self) -> bool:
        return self.entry is not None and self.entry.stage == "capture"

    def typed(self, key: Key) -> str | None:
        assert self.entry is not None
        ch = key.char
        if ch.isdigit() or key.name in ("Space", "Enter"):
            self.feed(ch if ch.isdigit() else " ")
            return None
        if self.entry.text:
            self.entry.reset()
            self.chrome.sound.effect("error")
            self.view.message(f"ENTRY ABORTED BY {key.name!r}. START THE MOVE AGAIN.", "error")
            self.draw_board()
            return None
        return self.command(key)

    def feed(self, ch: str) -> None:
        ev = self.entry.key(ch)
        if ev.state == EntryState.ABORTED:
            self.chrome.sound.effect("error")
            self.view.message(f"ENTRY ABORTED: {ev.reason.upper()}.", "error")
        elif ev.state == EntryState.COMPLETE:
            self.play(ev.move)
            return
        elif self.awaiting_capture():
            self.view.message("A MILL! NAME THE PIECE TO TAKE, OR 0 (OR CLICK THE TIME) TO TAKE NONE.")
        self.draw_board()

    def mouse_entry(self, ev: MouseEvent) -> None:
        if right_click(ev):
            if self.entry.text:
                self.entry.reset()
                self.view.message("ENTRY CLEARED.")
                self.draw_board()
            return
        if not left_click(ev):
            return
        point = point_at(ev.col, ev.row)
        if point is None:
            if on_clock(ev.col, ev.row) and self.awaiting_capture():
                self.entry.drop_digits()  # the click says "none", whatever was half typed
                self.feed_number(DECLINE)
            return
        pos = self.game.position
        if self.entry.stage == "to" and not self.entry.digits and pos.at(point) == pos.turn:
            self.entry.reset()  # another of his own pieces: start the move from that one
        self.feed_number(point)

    def feed_number(self, n: int) -> None:
        parser = self.entry
        if parser.digits:
            self.feed(" ")
            if self.entry is not parser or not parser.text:
                return
        for ch in f"{n} ":
            before = self.entry
            self.feed(ch)
            if self.entry is not before or not parser.text:
                return

    def play(self, move: Move) -> None:
        color = self.turn
        self.entry = None
        try:
            self.game.play(move)
        except (ValueError, GameOverError) as exc:  # the entry parser should make this impossible
            self.view.message(f"NOT POSSIBLE: {exc}".upper(), "error")
            return
        what = f"PLACES ON {move.to}" if move.frm is None else f"MOVES {move.frm} TO {move.to}"
        if move.capture:
            effect, what = "capture", f"{what}, TAKES {move.capture}"
        elif move.declined:
            effect, what = "mill", f"{what}, MILL, TAKES NOTHING"
        else:
            effect = "click"
        self.chrome.sound.effect(effect)
        self.draw_game()
        self.view.message(f"{NAMES[color]} {what}.")
        self.check_end()

    def check_end(self) -> None:
        out = self.outcome()
        if out is None or self.finished:
            return
        self.finished, self.declined = True, False
        self.entry = None
        self.stop_clock()
        winner, reason = out
        self.draw_game()
        if winner is None:
            self.view.message(f"{reason}.", "winner")
            self.chrome.sound.effect("lose")
        else:
            self.view.message(f"{reason}. {NAMES[winner]} WINS!", "winner")
            human_won = self.players[winner] == KEYBOARD or self.players == [COMPUTER, COMPUTER]
            self.chrome.sound.effect("win" if human_won else "lose")

    # -- commands -----------------------------------------------------------------------
    def command(self, key: Key) -> str | None:
        ch = key.char.upper()
        if ch == "S":
            self.save_game()
        elif ch == "R":
            self.restore_game()
        elif ch == "X" or key.name == "Esc":
            if self.chrome.ask(f"{NAMES[self.turn]} RESIGNS (Y/N)? "):
                self.resigned = self.turn
                self.check_end()
            else:
                self.view.prompt("")
        elif ch == ".":
            return self.step(back=True)
        elif ch == "/":
            return self.step(back=False)
        elif ch == "O":
            self.choose_options()
        else:
            self.chrome.sound.effect("error")
            self.view.message(f"{key.name!r} IS NOT A MOVE OR A COMMAND. F5 SHOWS THE INSTRUCTIONS.", "error")
        return None

    def step(self, back: bool) -> str | None:
        """'.' and '/': keep stepping until a keyboard player is to move (or the line ends)."""
        steps = 0
        self.entry = None
        while (self.game.backstep() if back else self.game.forward()):
            steps += 1
            self.finished, self.resigned = False, None
            self.draw_game()
            if not back and self.game.result() is not None:
                break
            if self.players[self.turn] == KEYBOARD:
                break
            act = self.pause(self.chrome.pad.seconds, esc=False)
            if act == QUIT:
                return QUIT
            if act == "mode":
                break
        if not steps:
            self.chrome.sound.effect("error")
            self.view.message("NO MOVE TO STEP BACK OVER." if back else "NO STEPPED-BACK MOVE TO REPLAY.", "error")
            return None
        if self.game.result() is not None:
            self.review = False  # replayed to its end: finished for good
            self.check_end()
        else:
            if self.clock_start is None:
                self.clock_start = self.dos.now()
            self.view.message(f"{'BACK' if back else 'FORWARD'} {moves_text(steps)}: "
                              f"MOVE {self.game.pointer} OF {len(self.game.moves)}.")
        return None

    def ask_file_name(self, question: str, nothing: str) -> str | None:
        """The S and R file prompt; an empty answer or Esc says ``nothing`` and gives None."""
        name = self.chrome.read_file_name(question)
        self.view.prompt("")
        if not name:
            self.view.message(nothing)
        return name or None

    def save_game(self) -> None:
        name = self.ask_file_name("SAVE THE GAME AS: ", "NOT SAVED.")
        if name is None:
            return
        try:
            name = dos_name(name)
            if name == self.chrome.autosave.name:
                raise DiskError(f"{name} IS KEPT FOR THE AUTOMATIC SAVE: PICK ANOTHER NAME")
            if self.dos.drive.exists(name) and not self.chrome.ask(f"{name} EXISTS. REPLACE IT (Y/N)? "):
                self.view.prompt("")
                self.view.message("NOT SAVED.")
                return
            self.dos.drive.write_text(name, game_file_text(self.game))
        except DiskError as exc:
            self.chrome.sound.effect("error")
            self.view.message(str(exc).upper(), "error")
            return
        self.view.prompt("")
        self.view.message(f"SAVED {moves_text(self.game.pointer)} IN {name}.")

    def restore_game(self) -> None:
        name = self.ask_file_name("RESTORE THE GAME FROM: ", "NOTHING RESTORED.")
        if name is None:
            return
        try:
            text = self.dos.drive.read_text(name)
            game = read_game_file(text)
        except (DiskError, GameFileError, ValueError) as exc:
            self.chrome.sound.effect("error")
            self.view.message(f"{name.upper()} NOT RESTORED: {exc}".upper(), "error")
            return
        self.adopt(game)
        self.redraw()
        if self.game.result() is not None:
            self.review = True
            self.check_end()
            self.view.message(f"{name.upper()} IS A FINISHED GAME: {self.outcome()[1]}. "
                              "PRESS . TO STEP BACK THROUGH IT.", "winner")
        else:
            self.view.message(f"RESTORED {moves_text(self.game.pointer)} FROM {name.upper()}.")

    def adopt(self, game: Game, elapsed: float = 0.0) -> None:
        self.new_game(announce=False)
        self.game = game
        self.options = game.options
        self.clock_base = elapsed

    def choose_options(self) -> None:
        kiddie = self.chrome.ask("KIDDIE RULE: 3 PIECES MAY JUMP (Y/N)? ")
        last = self.chrome.ask("LAST MILL MAY BE BROKEN (Y/N)? ")
        self.view.prompt("")
        options = Options(kiddie=kiddie, take_from_mill_when_only_three=last)
        game = Game(options)
        try:
            for m in self.game.moves:
                game.play(m)
        except (ValueError, GameOverError):
            self.chrome.sound.effect("error")
            self.view.message("THE MOVES PLAYED SO FAR BREAK THOSE RULES: OPTIONS UNCHANGED.", "error")
            return
        while game.pointer > self.game.pointer:
            game.backstep()
        self.options = options
        self.game = game
        self.entry = None
        self.draw_level()
        self.draw_game()
        self.view.message("RULE OPTIONS CHANGED.")

    # -- end of game ------------------------------------------------------------------------
    def finished_turn(self) -> str | None:
        question = "GAME OVER. NEW GAME (Y/N)? "
        if self.declined:
            self.view.prompt("GAME OVER. Y STARTS A NEW GAME.")
        else:
            self.view.prompt(question, role="question")
            mark_yes_no(self.dos.screen, question, PROMPT_ROW, 0, self.theme["question_key"])
        ev = self.chrome.input()
        if isinstance(ev, MouseEvent):
            answer = None if self.declined else clicked_answer(ev, question, PROMPT_ROW, 0)
            if answer is True:
                self.new_game()
            elif answer is False:
                self.declined = True
            return None
        act = self.hot(ev)
        if act is not None:
            return QUIT if act == QUIT else None
        ch = ev.char.upper()
        if ch == "Y":
            self.new_game()
        elif ch == "N":
            self.declined = True
        elif ch == "S":
            self.save_game()
        elif ch == "R":
            self.restore_game()
        elif ch == "." and self.review:
            return self.step(back=True)
        elif ch == ".":
            self.chrome.sound.effect("error")
            self.view.message("THE GAME IS OVER. SAVE IT (S) AND READ IT BACK (R) TO STEP THROUGH IT.", "error")
        return None

    # -- MILL.TMP ---------------------------------------------------------------------------
    def autosave_text(self) -> str:
        lines = [TMP_HEADER,
                 f".PLAYERS {self.players[0]} {self.players[1]}",
                 f".LEVEL {self.level}",
                 f".PAD {self.chrome.pad.tenths}",
                 f".CLOCK {int(self.elapsed())}",
                 f".POINTER {self.game.pointer}",
                 f".REVIEW {int(self.review)}",
                 options_note(self.game.options)]
        lines += [format_move(m) for m in self.game.moves]
        return "\n".join(lines) + "\n"

    def parse_autosave(self, text: str) -> dict:
        notes: dict[str, list[str]] = {}
        for line in text.splitlines():
            if line.startswith(".") and not line.startswith(". "):
                word, *rest = line[1:].split()
                notes[word.upper()] = rest
        need = {"PLAYERS", "LEVEL", "PAD", "CLOCK", "POINTER", "REVIEW"}
        if not need <= set(notes):
            raise ValueError(f"no {sorted(need - set(notes))[0]} line")
        players = notes["PLAYERS"]
        if len(players) != 2 or not set(players) <= {KEYBOARD, COMPUTER}:
            raise ValueError("bad PLAYERS line")
        nums = {}
        for k in ("LEVEL", "PAD", "CLOCK", "POINTER", "REVIEW"):
            if len(notes[k]) != 1 or not notes[k][0].isdigit():
                raise ValueError(f"bad {k} line")
            nums[k] = int(notes[k][0])
        if nums["LEVEL"] > MAX_LEVEL or not 1 <= nums["PAD"] <= 100:
            raise ValueError("level or time pad out of range")
        game = read_game_file(text)
        if nums["POINTER"] > len(game.moves):
            raise ValueError("move pointer past the last move")
        while game.pointer > nums["POINTER"]:
            game.backstep()
        if game.result() is not None:
            raise ValueError("the saved game was already over")
        return {"game": game, "players": players, **nums}

    def restore_autosave(self) -> str | None:
        saved, note = self.chrome.autosave.recover(self.parse_autosave)
        if saved is None:
            return note.upper() if note else None
        self.adopt(saved["game"], float(saved["CLOCK"]))
        self.players = list(saved["players"])
        self.level = min(saved["LEVEL"], self.max_level)
        self.chrome.pad.set(saved["PAD"])
        self.review = bool(saved["REVIEW"])
        return None

    def write_autosave(self) -> None:
        try:
            if not self.finished and self.game.moves:
                self.chrome.autosave.save(self.autosave_text())
            else:
                self.chrome.autosave.discard()
        except DiskError:
            pass  # nothing sensible to show on a screen that is going away


def main(dos) -> int:
    return MillApp(dos).run()


__all__ = ["MillApp", "main"]
