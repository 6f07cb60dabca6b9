"""A small COMMAND.COM: the prompt, the internal commands of MS-DOS 5, pipes to MORE, redirection,
and running the installed programs.

It is deliberately plain DOS: grey on black, ``C:\\TOYS>``, a blank line
between a command's output and the next prompt, F3 brings back the last
command line, names are case-insensitive, and anything it does not know gets
the famous "Bad command or file name".
"""
from __future__ import annotations

import datetime
from collections.abc import Callable

from vconsole.disk import DiskError
from vconsole.program import Dos, Program, UnknownProgram, find
from vconsole.switches import SwitchError

from . import files, system
from . import help as helptext
from .cmdline import Args, Stage, parse
from .console import MAX_LINE, Buffer, Cancelled, Null, Screen, Sink, read_line, say  # noqa: F401 (MAX_LINE: the limit)
from .names import DEVICES, ShellError, is_program, place_free, programs
from .system import DEFAULT_PROMPT, VERSION, expand_prompt

PROMPT = "C:\\TOYS>"  # what $P$G shows
EXIT, CLEARED = "exit", "cleared"
PLAIN = 0x07  # grey on black: the screen CLS leaves
Command = Callable[["Shell", Args, Sink], None]  # an internal command: the shell, its arguments, its output
COMMANDS: dict[str, Command] = {
    "CD": system.cd, "CHDIR": system.cd, "MD": system.md, "MKDIR": system.md, "RD": system.rd,
    "RMDIR": system.rd, "ECHO": system.echo, "DATE": system.date, "TIME": system.time, "MEM": system.mem,
    "VER": system.ver, "VOL": system.vol, "PROMPT": system.prompt, "PATH": system.path, "SET": system.set_,
    "DIR": files.dir_, "TYPE": files.type_, "DEL": files.del_, "ERASE": files.del_, "REN": files.ren,
    "RENAME": files.ren, "COPY": files.copy, "MORE": files.more_,
}
#: commands whose text after the name is taken whole (ECHO a > b is still redirected)
RAW = frozenset({"ECHO", "SET", "PROMPT", "PATH"})


class Shell:
    """One prompt session: its environment, ECHO state, last line, and where output goes."""

    def __init__(self, dos: Dos) -> None:
        self.dos = dos
        self.screen = Screen(dos)
        self.env: dict[str, str] = {"COMSPEC": "C:\\COMMAND.COM", "PATH": "C:\\TOYS", "PROMPT": DEFAULT_PROMPT}
        self.echo = True
        self.last = ""
        self.stdin: str | None = None  # text piped or redirected into the command running

    def now(self) -> datetime.datetime:
        """The DOS date and time: the machine's switch-on time (the host's clock then) plus machine time."""
        return self.dos.datetime()

    def prompt_text(self) -> str:
        return expand_prompt(self.env.get("PROMPT", DEFAULT_PROMPT), self)

    def run(self) -> int:
        dos = self.dos
        dos.screen.clear(PLAIN)
        say(dos, VERSION + "\n\n")
        while True:
            prompt = self.prompt_text() if self.echo else ""
            say(dos, prompt)
            try:
                line = read_line(dos, self.last, indent=len(prompt.split("\r\n")[-1]))
            except Cancelled:
                line = ""
            say(dos, "\n")
            if not line.strip():
                continue
            self.last = line
            result = self.execute(line)
            if result == EXIT:
                return 0
            if result != CLEARED and self.echo:
                say(dos, "\n")  # COMMAND.COM's blank line before the next prompt

    # -- one command line -----------------------------------------------------------------------------
    def execute(self, line: str) -> str | None:
        try:
            stages = parse(line)
        except ShellError as e:
            self.screen.write(f"{e}\n")
            return None
        piped: str | None = None
        result = None
        for i, stage in enumerate(stages):
            last = i == len(stages) - 1
            try:
                self.stdin = piped if i else self._read_stdin(stage)
                sink = self._sink(stage) if (last or stage.stdout) else Buffer()
                result = self.command(stage, sink)
                piped = sink.text if isinstance(sink, Buffer) else ""
                if stage.stdout and isinstance(sink, Buffer):
                    self._write_out(stage.stdout, stage.append, sink.text)
            except (ShellError, DiskError) as e:
                self.screen.write(f"{_dos_words(e)}\n")
                return None
            except Cancelled:
                return None
            finally:
                self.stdin = None
            if result == EXIT:
                return EXIT
        return result

    def _read_stdin(self, stage: Stage) -> str | None:
        if stage.stdin is None:
            return None
        name = place_free(stage.stdin)
        if name == "NUL":
            return ""
        if not name or name in DEVICES:
            raise ShellError("File not found")
        return files.text_of(self.dos.drive.read_bytes(name))

    def _sink(self, stage: Stage) -> Sink:
        if stage.stdout is None:
            return self.screen
        name = place_free(stage.stdout)
        if name == "CON":
            return self.screen
        if name in DEVICES:
            return Null()
        if not name:
            raise ShellError("File creation error")
        return Buffer()

    def _write_out(self, target: str, append: bool, text: str) -> None:
        name = place_free(target)
        if is_program(name):
            raise ShellError("Access denied")
        data = text.replace("\r\n", "\n").replace("\n", "\r\n").encode("cp437", errors="replace")
        drive = self.dos.drive
        if append and drive.exists(name):
            old = drive.read_bytes(name)
            cut = old.find(b"\x1a")
            data = (old[:cut] if cut >= 0 else old) + data
        drive.write_bytes(name, data)

    def command(self, stage: Stage, out: Sink) -> str | None:
        """Run one command of a line: internal, a drive letter, or an installed program."""
        text = stage.text.strip()
        if len(text) == 2 and text[1] == ":":
            if text[0].upper() != "C":
                raise ShellError("Invalid drive specification")
            return None
        word = stage.word
        if word in COMMANDS or word in ("CLS", "EXIT", "HELP"):
            args = Args.of(stage.rest) if word not in RAW else Args(stage.rest)
            if word not in RAW and "/?" in args.switches:
                out.write(helptext.about(word) or "")
                return None
            if word == "EXIT":
                return EXIT
            if word == "CLS":
                self.dos.screen.clear(PLAIN)
                return CLEARED
            if word == "HELP":
                topic = args.params[0] if args.params else ""
                about = helptext.about(topic) if topic else None
                out.write(about or helptext.overview(programs().values()))
                return None
            COMMANDS[word](self, args, out)
            return None
        return self.run_program(stage)

    def run_program(self, stage: Stage) -> str | None:
        typed = stage.program_word
        try:
            name = place_free(typed)
        except ShellError:
            name = ""
        program = None
        if name and "*" not in name and "?" not in name:
            try:
                program = find(name)
            except UnknownProgram:
                program = None
        if program is None or program.hidden:
            raise ShellError("Bad command or file name")
        try:
            code = self.dos.run(program, stage.program_args)
        except SwitchError as e:
            raise ShellError(str(e)) from None
        return CLEARED if back_from(self.dos, program, code) else None


def _dos_words(e: Exception) -> str:
    """The drive's messages as the prompt says them (a refused name in DOS's words)."""
    text = str(e)
    if isinstance(e, DiskError) and text.startswith("Invalid file name"):
        return "Invalid filename or file not found"
    return text


def back_from(dos: Dos, program: Program, code: int) -> bool:
    """Put the prompt on a clean line after a program, as the screen it left allows; True when the
    screen was cleared (the prompt then starts at the top).

    A full-screen game leaves its picture below the cursor, or the cursor parked
    off the screen; such games set the video mode again on the way out, which
    blanks the screen, so the prompt starts at the top of a clean one.  A
    program that wrote lines as DOS output keeps them, and the prompt goes on
    the line after.
    """
    scr = dos.screen
    row = scr.cursor_row
    used = scr.used_rows()
    cleared = not 0 <= row < len(used) or bool(used[row + 1:].any())
    if cleared:
        scr.clear(PLAIN)
    elif scr.cursor_col or used[row]:
        say(dos, "\n")
    if code:
        say(dos, f"{program.name} ended with errorlevel {code}\n")
        cleared = False
    return cleared


def main(dos: Dos) -> int:
    return Shell(dos).run()
