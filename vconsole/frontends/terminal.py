"""The terminal front end: a program played in the terminal it was started from (over SSH, in tmux).

Like the window, the program runs in its own thread on real time and every
input reaches it through one ``Inputs`` (so ``--record`` journals it the
same way); this thread owns the terminal.  It reads the terminal's bytes
(termkeys turns them into key-script key names, ``keyboard.word_for`` into
the BIOS words the window makes; SGR mouse reports into INT 33h positions
and buttons) and draws the screen when it changed (termdraw, only the
changed cells).

Raw mode and capabilities come from the standard library: ``termios`` for
the modes (no echo, no line editing, no flow control, Ctrl+Z and Ctrl+\\
passed to the program; Ctrl+C stays the interrupt) and ``curses``'
terminfo for the colour count (termcolour).  The sequences written are the
ECMA-48 / xterm ones every terminal of today speaks.

Stopping is the window's close: Ctrl+C (SIGINT), SIGTERM and SIGHUP ask the
program to stop at its next service call, its ``finally`` blocks (the
auto-save) run, then the terminal is put back (modes, cursor, colours, mouse
reporting, the main screen) and the exit status is 128 + the signal.  The
terminal is put back on every way out, a crash included.  SIGTERM and SIGHUP
are caught by frontends.signals, as for every front end (so a second one ends
the run at once, the terminal put back first); Ctrl+C, resizes and Ctrl+Z
suspends are the terminal's own.
"""
from __future__ import annotations

import os
import select
import signal
import sys
import termios
import threading
import time
from collections.abc import Callable, Mapping
from types import FrameType
from typing import TYPE_CHECKING, Any

from ..clock import Clock, RealClock
from ..keyboard import word_for
from ..machine import Machine, MachineConfig, RealTimeHost
from ..mouse import LEFT, MIDDLE, RIGHT
from . import signals, termcolour, termkeys
from .inputs import Inputs, Journal
from .programthread import run_program_thread
from .termdraw import Painter

if TYPE_CHECKING:
    from ..speaker import SpeakerEvent
    from ..synth import WavRecorder
    from .audio import LiveAudio

POLL_S = 1 / 60  # how often the screen is looked at when nothing comes in
FAST_POLL_S = 0.002  # right after input: look often, so a key shows within milliseconds
FAST_FOR_S = 0.05
CLOSE_TIMEOUT_S = 3.0  # as the window: a stopped program gets this long to tidy up
AUDIO_START_S = 3.0
BELL_GAP_S = 0.25  # at most four terminal bells a second, however busy the speaker
SIGNAL_EXIT: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}
MOUSE_BUTTONS = {0: LEFT, 1: MIDDLE, 2: RIGHT}

#: entering: the alternate screen, no autowrap (the bottom-right cell never scrolls), cursor hidden,
#: mouse reporting of presses, releases and all motion, in the SGR encoding
ENTER = "\x1b[?1049h\x1b[?7l\x1b[?25l"
MOUSE_ON = "\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1006h"
MOUSE_OFF = "\x1b[?1006l\x1b[?1003l\x1b[?1002l\x1b[?1000l"
#: leaving: default colours, the terminal's own cursor shape, shown, autowrap, the main screen
LEAVE = "\x1b[0m\x1b[0 q\x1b[?25h\x1b[?7h\x1b[?1049l"


#: termios's modes: [iflag, oflag, cflag, lflag, ispeed, ospeed, cc] (cc a list of bytes and ints)
Modes = list[Any]


class NoTerminal(Exception):
    """Standard input or output is not a terminal; the CLI says so in one line."""


def can_autoselect(env: Mapping[str, str] | None = None) -> bool:
    """True when there is no display to open a window on and both standard input and output are a terminal."""
    env = os.environ if env is None else env
    if sys.platform in ("win32", "darwin"):
        return False
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return False
    if env.get("TERM", "dumb") == "dumb":  # no cursor addressing to speak of (an editor's shell buffer)
        return False
    return os.isatty(0) and os.isatty(1)


def esc_timeout(env: Mapping[str, str]) -> float:
    """How long a lone Esc waits to be the Esc key: VCONSOLE_ESC_MS (10-2000) for slow links, else the default."""
    try:
        ms = float(env.get("VCONSOLE_ESC_MS", ""))
    except ValueError:
        return termkeys.ESC_TIMEOUT_S
    if ms != ms:  # nan
        return termkeys.ESC_TIMEOUT_S
    return min(max(ms, 10.0), 2000.0) / 1000.0


def key_word(name: str) -> int | None:
    """The BIOS word for a termkeys key name (CharXX: a CP437 character typed by its code)."""
    if name.startswith("Char") and len(name) == 6:
        return int(name[4:], 16)
    try:
        return word_for(name)
    except KeyError:
        return None


def raw_attributes(attrs: Modes) -> Modes:
    """Our terminal modes from the saved ones: bytes one by one, unechoed, no flow control or CR
    translation; Ctrl+C still interrupts, Ctrl+Z and Ctrl+\\ reach the program as keys."""
    iflag, oflag, cflag, lflag, ispeed, ospeed, cc = attrs
    iflag &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR | termios.ISTRIP
               | termios.BRKINT | termios.INPCK)
    lflag &= ~(termios.ICANON | termios.ECHO | termios.ECHONL | termios.IEXTEN)
    lflag |= termios.ISIG
    cc = list(cc)
    cc[termios.VMIN], cc[termios.VTIME] = 1, 0
    disabled = 0
    cc[termios.VSUSP] = bytes([disabled]) if isinstance(cc[termios.VSUSP], bytes) else disabled
    cc[termios.VQUIT] = bytes([disabled]) if isinstance(cc[termios.VQUIT], bytes) else disabled
    return [iflag, oflag, cflag, lflag, ispeed, ospeed, cc]


def run(target: Callable[[Machine], int | None], config: MachineConfig | None = None, *,
        journal: Journal | None = None, record_audio: str | os.PathLike[str] | None = None, in_fd: int = 0,
        out_fd: int = 1, lost: list[str] | None = None) -> int:
    """Run ``target(machine)`` in the terminal on in_fd/out_fd until it returns or is stopped; its exit code."""
    if not (os.isatty(in_fd) and os.isatty(out_fd)):
        raise NoTerminal("standard input and output must be a terminal")
    front = TerminalFrontEnd(target, config or MachineConfig(), journal=journal, record_audio=record_audio, in_fd=in_fd,
                             out_fd=out_fd)
    try:
        return front.main()
    finally:
        if lost is not None:
            lost += front.lost_output


class TerminalFrontEnd:
    """One terminal showing one machine; the program runs in a second thread."""

    def __init__(self, target: Callable[[Machine], int | None], config: MachineConfig, *,
                 journal: Journal | None = None, record_audio: str | os.PathLike[str] | None = None, in_fd: int = 0,
                 out_fd: int = 1, clock: Clock | None = None) -> None:
        self.target, self.config = target, config
        self.in_fd, self.out_fd = in_fd, out_fd
        self.machine = Machine(config, clock=clock or RealClock(), host=RealTimeHost())
        self.journal = journal
        self.inputs = Inputs(self.machine)
        if journal is not None:
            journal.attach(self.machine)
            self.inputs = journal.inputs(self.machine)
        colours, rgb = termcolour.terminfo_colours(os.environ.get("TERM"), out_fd)
        self.depth = termcolour.detect_depth(terminfo_colors=colours, terminfo_rgb=rgb)
        self.painter = Painter(self.machine.adapter, config.monitor, self.depth)
        self.decoder = termkeys.Decoder(esc_timeout(os.environ), term=os.environ.get("TERM", ""))
        self.record_audio = record_audio
        self.recorder: WavRecorder | None = None  # while --record-audio runs
        self.lost_output: list[str] = []
        self.audio: LiveAudio | None = None  # when a device plays
        self.exit_code: int | None = None
        self.error: str | None = None
        self.stop_signal: int | None = None
        self._resized = True
        self._drawn_version: int | None = None
        self._fast_until = 0.0
        self._bell_wanted = False
        self._bell_at = 0.0
        self._saved_modes: Modes | None = None
        self._suspended = False
        self._input_gone = False
        self._old_handlers: dict[int, signals.Handler] = {}
        self._caught: signals.Caught | None = None  # SIGTERM or SIGHUP, seen by frontends.signals
        self._wake_r, self._wake_w = os.pipe()
        self.bytes_written = 0
        self.thread = threading.Thread(target=self._program, name="vconsole-program", daemon=True)

    # -- the program thread ---------------------------------------------------------------------------
    def _program(self) -> None:
        code, error = run_program_thread(self.target, self.machine, self.journal)
        self.exit_code = code
        if error is not None:
            self.error = error
        self._wake()

    def _wake(self) -> None:
        try:
            os.write(self._wake_w, b"!")
        except OSError:
            pass

    # -- lifetime ---------------------------------------------------------------------------------------
    def main(self) -> int:
        self._start_sound()
        started = False
        try:
            with signals.handling(self._wake, last_words=self._leave) as self._caught:
                try:
                    self._enter()
                    self._install_signals()
                    self._wait_for_audio()
                    self.thread.start()
                    started = True
                    self._loop()
                finally:
                    self.machine.request_stop()
                    if started:
                        self.thread.join(CLOSE_TIMEOUT_S)
                    self._restore_signals()
        finally:
            self._leave()
            self._stop_sound()
            if self.journal is not None:
                self.journal.close()
            os.close(self._wake_r)
            os.close(self._wake_w)
        if self.thread.is_alive():
            print("vconsole: the program did not stop in time; its work may not be saved", file=sys.stderr)
            return 1
        if self.error:
            sys.stderr.write(self.error)
        if self.stop_signal is not None:
            name = "Ctrl+C" if self.stop_signal == signal.SIGINT else signal.Signals(self.stop_signal).name
            _say(f"vconsole: stopped ({name}); the program tidied up first")
            return SIGNAL_EXIT[self.stop_signal]
        return int(self.exit_code or 0)

    def _loop(self) -> None:
        closing_since: float | None = None
        while True:
            now = time.monotonic()
            if self.stop_signal is None and self._caught is not None:
                self.stop_signal = self._caught.signum  # SIGTERM or SIGHUP (signals.handling woke us)
            if self.stop_signal is not None and closing_since is None:
                closing_since = now
                self.inputs.close()  # as closing the window: the program stops at its next service call
            if not self.thread.is_alive():
                return
            if closing_since is not None and now - closing_since > CLOSE_TIMEOUT_S:
                return
            timeout = FAST_POLL_S if now < self._fast_until else POLL_S
            if self.decoder.pending:
                timeout = min(timeout, self.decoder.esc_timeout / 2)
            watched = [self._wake_r] + ([] if self._input_gone else [self.in_fd])
            try:
                ready, _, _ = select.select(watched, [], [], timeout)
            except InterruptedError:
                ready = []
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
            now = time.monotonic()
            events: list[termkeys.Event] = []
            if self.in_fd in ready:
                try:
                    data = os.read(self.in_fd, 4096)
                except OSError:
                    data = b""
                if not data:  # the terminal is gone (hung up): as SIGHUP, and nothing more to read
                    self.stop_signal = self.stop_signal or signal.SIGHUP
                    self._input_gone = True
                else:
                    events += self.decoder.feed(data, now)
            events += self.decoder.expire(now)
            if events and closing_since is None:
                for ev in events:
                    self._apply(ev)
                self._fast_until = now + FAST_FOR_S
            self._ring_bell(now)
            self.draw()

    def _apply(self, ev: termkeys.Event) -> None:
        if isinstance(ev, termkeys.Key):
            word = key_word(ev.name)
            if word is not None:
                self.inputs.key(word)
                self.machine.notify()
            return
        top, left = self._origin()
        col = min(max(ev.col - left, 0), 79)
        row = min(max(ev.row - top, 0), 24)
        self.inputs.move(col * 8, row * 8)
        if ev.kind == "wheel" and ev.button is not None:  # a wheel report always has its notches
            self.machine.mouse.host_wheel(ev.button)
        elif ev.kind in ("press", "release") and ev.button in MOUSE_BUTTONS:
            self.inputs.button(MOUSE_BUTTONS[ev.button], ev.kind == "press")
        self.machine.notify()

    def _origin(self) -> tuple[int, int]:
        cols, lines = self._size()
        return max(0, (lines - 25) // 2), max(0, (cols - 80) // 2)

    def _size(self) -> tuple[int, int]:
        try:
            size = os.get_terminal_size(self.out_fd)
            return size.columns, size.lines
        except OSError:
            return 80, 25

    # -- drawing ---------------------------------------------------------------------------------------
    def draw(self) -> None:
        screen = self.machine.screen
        if screen.version == self._drawn_version and not self._resized:
            return
        if self._resized:
            self._resized = False
            self.painter.size = None  # everything again at the new size
        self._drawn_version = screen.version
        cols, lines = self._size()
        self.write(self.painter.frame(screen.snapshot(), cols, lines))

    def write(self, text: str) -> None:
        data = text.encode("utf-8")
        while data:
            try:
                n = os.write(self.out_fd, data)
            except InterruptedError:
                continue
            except OSError:  # the terminal went away (SIGHUP): nothing more to show
                return
            self.bytes_written += n
            data = data[n:]

    # -- the terminal's modes ------------------------------------------------------------------------------
    def _enter(self) -> None:
        self._saved_modes = termios.tcgetattr(self.in_fd)
        termios.tcsetattr(self.in_fd, termios.TCSADRAIN, raw_attributes(self._saved_modes))
        self.write(ENTER + (MOUSE_ON if self.config.mouse else ""))
        self.painter.invalidate()
        self._resized = True

    def _leave(self) -> None:
        self.write(MOUSE_OFF + LEAVE)
        if self._saved_modes is not None:
            try:
                termios.tcsetattr(self.in_fd, termios.TCSAFLUSH, self._saved_modes)  # typed-ahead input dropped
            except (OSError, termios.error):  # hung up: there is no terminal left to put back
                pass

    def _install_signals(self) -> None:
        def interrupted(signum: int, frame: FrameType | None) -> None:  # Ctrl+C
            if self.stop_signal is None:
                self.stop_signal = signum
            self._wake()

        def resized(signum: int, frame: FrameType | None) -> None:
            self._resized = True
            self._wake()

        # a SIGTSTP from outside: give the terminal back while stopped
        def suspend(signum: int, frame: FrameType | None) -> None:
            self._leave()
            self._suspended = True
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTSTP)

        # SIGCONT also comes with a hang-up: only undo our own suspend
        def resumed(signum: int, frame: FrameType | None) -> None:
            if not self._suspended:
                return
            self._suspended = False
            signal.signal(signal.SIGTSTP, suspend)
            try:
                self._enter()
            except (OSError, termios.error):  # resumed without a terminal: as a hang-up
                self.stop_signal = self.stop_signal or signal.SIGHUP
            self._wake()

        for sig, handler in ((signal.SIGINT, interrupted), (signal.SIGWINCH, resized), (signal.SIGTSTP, suspend),
                             (signal.SIGCONT, resumed)):
            self._old_handlers[sig] = signal.signal(sig, handler)

    def _restore_signals(self) -> None:
        for sig, handler in self._old_handlers.items():
            signal.signal(sig, handler)
        self._old_handlers.clear()

    # -- sound ---------------------------------------------------------------------------------------------
    def _start_sound(self) -> None:
        if self.record_audio is not None:
            from ..synth import WavRecorder

            self.recorder = WavRecorder(self.machine.speaker, self.record_audio, model=self.config.speaker_model)
            self.recorder.start()
        if self.config.mute:
            return
        if os.environ.get("VCONSOLE_TERMINAL_AUDIO", "1") != "0":
            from .audio import LiveAudio

            self.audio = LiveAudio.open(self.machine.speaker, model=self.config.speaker_model, quiet=True)
        if self.audio is None:  # no device: a sound becomes the terminal's bell
            self.machine.speaker.add_sink(self._speaker_event)

    def _wait_for_audio(self) -> None:
        """As the window: the program starts once the device plays, so its first sound is heard whole."""
        since = time.monotonic()
        while self.audio is not None and not self.audio.running and time.monotonic() - since < AUDIO_START_S:
            time.sleep(0.01)

    def _speaker_event(self, event: SpeakerEvent) -> None:
        if event.hz is not None:
            self._bell_wanted = True

    def _ring_bell(self, now: float) -> None:
        if self._bell_wanted and now - self._bell_at >= BELL_GAP_S:
            self._bell_wanted = False
            self._bell_at = now
            self.write("\a")

    def _stop_sound(self) -> None:
        if self.audio is not None:
            self.audio.close()
        if self.recorder is not None:
            try:
                self.recorder.stop()
            except OSError as e:
                print(f"vconsole: cannot write {self.record_audio}: {e.strerror or e}", file=sys.stderr)
                self.lost_output.append(str(self.record_audio))


def _say(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except OSError:  # no terminal left to say it on (SIGHUP)
        pass
