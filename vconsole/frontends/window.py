"""The window: a pyglet front end on real time.

The program runs in its own thread, blocking on the machine's services as a
DOS program blocked on the BIOS; this thread owns the pyglet event loop.  It
turns key and pointer events into BIOS key words and INT 33h positions
(winevents), makes the keyboard's typematic repeat, and shows the screen: a new
picture is made only when it can have changed (the screen's version, the blink
and cursor phase; pacing), so an idle program costs next to no CPU.

The picture is shown as a 4:3 monitor showed it, the active area exactly 4:3,
centred, the rest of the window the border colour as the overscan of a tube
would be (keymap.place chooses the size): pixel for pixel at a whole scale,
"sharp bilinear" at any other size (winpicture draws it either way).

Host hotkeys never reach the program: Ctrl+F5 saves a screenshot, Ctrl+F6
starts and stops a WAV recording of the speaker, Ctrl+F7 an animated capture
(wincaptures), Alt+Enter switches full screen; paste, copy and the volume keys
are frontends.extras.

Every input reaches the machine through one ``Inputs`` (keys through the
INT 09h model's ``KeyboardPort``), so a journal can stand in for it and record
the run; a replay runs on the replay's clock and host and takes no input from
the person watching, except closing the window and the host keys.

Closing the window stops the program as quitting would: its next service call
raises ProgramExit, its ``finally`` blocks (the auto-save) run, and the thread
is joined.

This module holds the front end's lifetime and its regular look at the machine;
pyglet is imported only inside ``run`` (and the window's helper modules only once
it is), so nothing headless ever needs X.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn

from ..capture import display_size
from ..clock import Clock, RealClock
from ..int09 import KeyboardInput
from ..machine import Host, Machine, MachineConfig, RealTimeHost
from ..render import Renderer
from . import layouts, winstate
from .inputs import Inputs, Journal, KeyboardPort
from .pacing import POLL_S, Pacer, ProgramWatch, next_edge, phase_matters, shown_phase
from .programthread import run_program_thread
from .wincaptures import default_captures_dir
from .workarea import work_area

if TYPE_CHECKING:
    from pyglet.display.base import Screen
    from pyglet.window import Window

    from ..adapters import Adapter
    from .audio import LiveAudio
    from .extras import Extras
    from .keymap import KeyMapper, Placement
    from .wincaptures import Captures
    from .winevents import WindowEvents
    from .winpicture import Picture

__all__ = ["NoDisplay", "WindowFrontEnd", "default_captures_dir", "run", "work_area"]

UPDATE_HZ = 1 / POLL_S  # how often the window looks for a changed picture while the program runs
CLOSE_TIMEOUT_S = 3.0  # a closed program gets this long to reach a service call and tidy up
AUDIO_START_S = 3.0  # the longest the program waits for a slow audio device to start playing
TITLE_PREFIX = "vconsole - "
DECORATION = (16, 48)  # room left in the work area for a window manager's frame and title bar
DEFAULT_CONFIG = MachineConfig()  # frozen: one shared default is safe


def _load_pyglet() -> ModuleType:
    """Import pyglet for a window; options must be set before pyglet.gl is first imported."""
    import pyglet

    pyglet.options["shadow_window"] = False
    pyglet.options["debug_gl"] = False  # an error check after every GL call costs more than drawing
    return pyglet


class NoDisplay(Exception):
    """No window can be opened here (no X server, no GL visual); the CLI says so in one line."""


def run(target: Callable[[Machine], int | None], config: MachineConfig = DEFAULT_CONFIG,
        scale: int | None = None, record_audio: str | os.PathLike[str] | None = None, title: str = "vconsole",
        captures: str | os.PathLike[str] | None = None, *, clock: Clock | None = None, host: Host | None = None,
        journal: Journal | None = None, replaying: bool = False, record_video: str | os.PathLike[str] | None = None,
        video_rate: float | None = None, audio: bool = True, lost: list[str] | None = None, crt: bool = False,
        fullscreen: bool = False, keyboard: str | None = None, volume: int | None = None,
        remember: bool = True) -> int:
    """Run ``target(machine)`` in a window until it returns or the window is closed; its exit code.

    ``clock`` and ``host`` replace real time (a replay's); ``journal`` records the run
    (tools.journal.JournalRecorder); ``replaying`` keeps the watcher's keys and pointer out;
    ``record_video`` makes an animated capture from the start (Ctrl+F7 stops it).
    A recording or capture that cannot be written is said in one line and added to ``lost``.
    Without a display this raises NoDisplay (the CLI turns it into one line and exit status 2).
    ``crt``, ``fullscreen``, ``keyboard`` (a layout of frontends.layouts), ``volume`` (0-100) and
    ``remember`` (the last size and place, frontends.winstate) are described in docs/WINDOW.md.
    """
    try:
        pyglet = _load_pyglet()
        display = pyglet.display.get_display()
        screen = display.get_default_screen()
    except Exception as e:  # noqa: BLE001 - whatever the platform raises, the answer is the same
        _no_display(e)
    front = WindowFrontEnd(pyglet, screen, target, config, scale, title, captures, record_audio,
                           clock=clock, host=host, journal=journal, replaying=replaying,
                           record_video=record_video, video_rate=video_rate, audio=audio, crt=crt,
                           fullscreen=fullscreen, keyboard=keyboard, volume=volume, remember=remember)
    try:
        return front.main()
    finally:
        if lost is not None:
            lost += front.lost_output


def _no_display(error: BaseException) -> NoReturn:
    raise NoDisplay(f"{type(error).__name__}: {error}") from None


class WindowFrontEnd:
    """One window showing one machine; the program runs in a second thread.

    ``pyglet`` is the module _load_pyglet gave (its options set) and ``screen`` the
    pyglet screen to open on; the rest are ``run``'s arguments.
    """

    def __init__(self, pyglet: ModuleType, screen: Screen, target: Callable[[Machine], int | None],
                 config: MachineConfig, scale: int | None, title: str, captures: str | os.PathLike[str] | None,
                 record_audio: str | os.PathLike[str] | None, *, clock: Clock | None = None,
                 host: Host | None = None, journal: Journal | None = None, replaying: bool = False,
                 record_video: str | os.PathLike[str] | None = None,
                 video_rate: float | None = None, audio: bool = True, crt: bool = False, fullscreen: bool = False,
                 keyboard: str | None = None, volume: int | None = None, remember: bool = False) -> None:
        from . import keymap
        from .extras import Extras
        from .wincaptures import Captures
        from .winevents import WindowEvents
        from .winpicture import Picture, texture_scale_limit

        self.pyglet = pyglet
        self.target = target
        self.config = config
        self.base_title = title
        # live, the loop sleeps whenever nothing can change (pacing); a replay's clock polls
        self.pacer = Pacer(self.update, pyglet.app.platform_event_loop.notify)
        self.sleeps = clock is None and host is None
        self.watch = ProgramWatch(host or RealTimeHost(), self.pacer.wake)
        self.machine = Machine(config, clock=clock or RealClock(), host=self.watch)
        self.adapter = self.machine.adapter
        self.journal = journal
        self.replaying = replaying
        self.inputs = Inputs(self.machine)
        if journal is not None:
            journal.attach(self.machine)
            self.inputs = journal.inputs(self.machine)
        self.keyboard_input = KeyboardInput(KeyboardPort(self.inputs))
        self.mapper: KeyMapper = keymap.KeyMapper(self.keyboard_input)
        self.renderer = Renderer(self.adapter, config.monitor, border=True)
        self.whole = scale is not None  # --scale: whole scales only
        self.crt = crt  # the picture through vconsole.crt (docs/WINDOW.md)
        area_w, area_h = work_area(screen)
        self.saved = winstate.load(self.adapter.name) if remember else None
        self.remember = remember
        if scale is None:
            scale = keymap.largest_scale(area_w - DECORATION[0], area_h - DECORATION[1], self.adapter)
        self.scale = scale
        width, height = display_size(self.adapter, scale)
        if self.saved is not None and (self.saved.scale == scale or not self.whole) \
                and winstate.fits(self.saved, area_w, area_h):
            width, height = self.saved.width, self.saved.height  # the size it had when last closed
        try:
            self.window: Window = pyglet.window.Window(width=width, height=height, caption=title, resizable=True,
                                                       vsync=False, visible=True, screen=screen)
        except Exception as e:  # noqa: BLE001 - no GL visual, no server: cannot show anything
            _no_display(e)
        self.window.set_minimum_size(*_min_size(self.adapter))
        self.extras: Extras = Extras(self, crt=crt, volume=volume)
        self.max_scale = texture_scale_limit(self.adapter)
        self.placement: Placement = self._place(width, height)
        self.picture: Picture = Picture(self.adapter, config.monitor, self.renderer.size, self.placement,
                                        crt=self.extras.crt_frame if crt else None)
        self.captures: Captures = Captures(self, captures, record_audio, record_video, video_rate)
        self._drawn_key: tuple[int, tuple[bool | None, bool | None]] | None = None  # (version, phase) shown
        self._matters: tuple[int, tuple[bool, bool]] | None = None  # (screen version, phase_matters)
        self.dirty = True  # the window must be drawn again
        self._border = 0
        self._title = title
        self._pointer_shown = True
        self.closing_since: float | None = None  # when the window was closed (the program tidies up)
        self.exit_code: int | None = None
        self.error: str | None = None
        self.want_audio = audio
        self.audio: LiveAudio | None = None
        self.draws = 0  # window redraws (changed pictures, exposes, resizes)
        self.draw_seconds = 0.0
        self._closed = False
        self.window_gone = False  # destroyed by another X client
        self._started = False  # the program thread (held back until the audio device runs)
        self._audio_since = 0.0
        self.thread = threading.Thread(target=self._program, name="vconsole-program", daemon=True)
        self.events: WindowEvents = WindowEvents(self)  # kept: pyglet holds its handlers weakly
        self.events.install()
        self.layout = layouts.attach(self.window, self.mapper, self.keyboard_input, keyboard,
                                     getattr(getattr(screen, "display", None), "_display", None))
        if self.saved is not None and self.saved.x is not None and self.saved.y is not None:
            self.window.set_location(self.saved.x, self.saved.y)
        if fullscreen:
            self.window.set_fullscreen(True)

    # -- what others read ---------------------------------------------------------------------------
    @property
    def lost_output(self) -> list[str]:
        """Recordings and captures that could not be written (the run's exit status says so)."""
        return self.captures.lost_output

    @property
    def frames_uploaded(self) -> int:
        return self.picture.frames_uploaded

    @property
    def last_upload(self) -> tuple[int, int, int, int] | None:
        return self.picture.last_upload

    @property
    def show_seconds(self) -> float:
        return self.picture.show_seconds

    def screenshot(self, path: Path | None = None) -> Path:
        """The picture as the window shows it now, as a PNG (wincaptures)."""
        return self.captures.screenshot(path)

    def forget_drawn(self) -> None:
        """The picture must be made again at the next look (the renderer's buffer moved on)."""
        self._drawn_key = None

    # -- the program thread ------------------------------------------------------------------------
    def _program(self) -> None:
        code, error = run_program_thread(self.target, self.machine, self.journal)
        self.exit_code = code
        if error is not None:
            self.error = error

    # -- lifetime -----------------------------------------------------------------------------------
    def main(self) -> int:
        pyglet = self.pyglet
        self.captures.start()
        self.audio = _start_audio(self.machine, self.config) if self.want_audio else None
        self.extras.apply_volume()
        self._audio_since = time.monotonic()
        self._start_program_when_heard()
        self.pacer.install(pyglet.app.event_loop)
        try:
            pyglet.app.run(None)
        finally:
            self.pacer.uninstall()
            if self.thread.is_alive():
                self.inputs.close()
            self.machine.request_stop()
            if self._started:
                self.thread.join(CLOSE_TIMEOUT_S)
            if self.journal is not None:
                self.journal.close()  # a program that never ended leaves a journal without its end line
            if self.audio is not None:
                self.audio.close()
            self.captures.stop()
            self._close_window()
        if self.thread.is_alive():
            print("vconsole: the program did not stop in time; its work may not be saved", file=sys.stderr)
            return 1
        if self.error:
            sys.stderr.write(self.error)
        return int(self.exit_code or 0)

    def _start_program_when_heard(self) -> None:
        """Start the program once the audio device plays (see LiveAudio.running), so the
        opening sound of a program started from the command line is heard whole."""
        if self._started:
            return
        if (self.audio is None or self.audio.running
                or time.monotonic() - self._audio_since > AUDIO_START_S):
            self._started = True
            self.thread.start()

    def _remember(self) -> None:
        """Keep the window's size, scale and place for the next run (not a full screen's)."""
        if not self.remember or self.window_gone or self.window.fullscreen:
            return
        x, y = self.window.get_location()
        winstate.save(self.adapter.name, winstate.WindowState(self.window.width, self.window.height, x, y,
                                                              self.placement.scale))

    def _finish(self) -> None:
        self._close_window()
        self.pyglet.app.exit()

    def _close_window(self) -> None:
        if not self._closed:
            self._remember()
            self._closed = True
            if self.window_gone:
                self.window._mapped = False  # else pyglet unmaps it and waits for an UnmapNotify forever
            self.window.close()

    # -- the regular look at the machine ---------------------------------------------------------------
    def update(self, dt: float = 0.0) -> float | None:
        """Look at the machine: key repeats, title, pointer, and the picture if it can have
        changed; the seconds until the next look is needed (None: only an event or a
        wake-up from the program thread can change anything; see pacing)."""
        now = time.monotonic()
        if self.keyboard_input.tick(now):
            self.machine.notify()
        if self.closing_since is None:
            self._start_program_when_heard()
        if (self._started or self.closing_since is not None) and not self.thread.is_alive():
            self._finish()
            return POLL_S
        if self.closing_since is not None and now - self.closing_since > CLOSE_TIMEOUT_S:
            self._finish()
            return POLL_S
        self._sync_title()
        self._sync_pointer()
        if self.extras.tick(now):
            self.dirty = True
        machine_now = self.machine.clock.now()
        screen = self.machine.screen
        self.captures.advance(screen, machine_now)
        frame_no = int(machine_now * self.adapter.refresh_hz)
        version = screen.version
        if self._matters is None or self._matters[0] != version:
            # what on this screen blinks: only those phase edges can change its picture
            self._matters = (version, phase_matters(self.adapter, screen.snapshot()))
        matters = self._matters[1]
        key = (version, shown_phase(self.adapter, frame_no, matters))
        if key != self._drawn_key:
            state = screen.snapshot()
            if self.picture.show(self.extras.frame(self.renderer.frame(state, frame_no))):
                self.dirty = True
            self._border = state.border
            self._drawn_key = key
        if self.dirty and not self.window_gone:
            self._draw()
        return self._next_look(now, machine_now, frame_no, matters)

    def _next_look(self, now: float, machine_now: float, frame_no: int, matters: tuple[bool, bool]) -> float | None:
        """Seconds until the picture or the keyboard can next change without an event (pacing)."""
        if (not self.sleeps or not self._started or self.closing_since is not None or not self.watch.sleeping
                or self.captures.busy or self.extras.busy(now)):
            return POLL_S  # a running program, a capture, start-up, closing, a paste, a notice: keep looking
        waits = []
        edge = next_edge(self.adapter, frame_no, matters)
        if edge is not None:
            waits.append(edge / self.adapter.refresh_hz - machine_now)
        due = self.keyboard_input.typematic.next_due
        if due is not None:
            waits.append(due - now)
        return max(0.001, min(waits)) if waits else None

    def place_picture(self, width: int, height: int) -> None:
        """The window is now width x height: place the picture again (winevents.on_resize)."""
        self.placement = self._place(width, height)
        if self.picture.place(self.placement):
            self._drawn_key = None  # a new texture: the next look resamples and uploads
        self.dirty = True

    def _draw(self) -> None:
        t0 = time.perf_counter()
        self.window.switch_to()
        self.picture.draw(self._border)
        self.extras.draw_overlay(time.monotonic())
        self.window.flip()
        self.dirty = False
        self.draws += 1
        self.draw_seconds += time.perf_counter() - t0

    def _place(self, width: int, height: int) -> Placement:
        from .keymap import place

        return place(width, height, self.adapter, max_scale=self.max_scale, whole=self.whole)

    def _sync_title(self) -> None:
        name = self.machine.program_name
        title = (TITLE_PREFIX + name if name else self.base_title) + self.captures.marks
        if self.replaying:
            title += " [replay]"
        if title != self._title:
            self._title = title
            self.window.set_caption(title)

    def _sync_pointer(self) -> None:
        """The host arrow hides while the program shows its own text-mode mouse cursor."""
        show = not self.machine.mouse.visible
        if show != self._pointer_shown:
            self._pointer_shown = show
            self.window.set_mouse_visible(show)


def _min_size(adapter: Adapter) -> tuple[int, int]:
    w, h = display_size(adapter, 1)
    return max(1, w // 4), max(1, h // 4)


def _start_audio(machine: Machine, config: MachineConfig) -> LiveAudio | None:
    """Live speaker output, or None (with one notice) when the host has no audio device."""
    try:
        from .audio import LiveAudio
    except ImportError:
        return None
    return LiveAudio.open(machine.speaker, model=config.speaker_model, volume=config.volume)
