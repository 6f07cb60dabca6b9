"""The window: a pyglet front end on real time.

The program runs in its own thread, blocking on the machine's services as a
DOS program blocked on the BIOS; this thread owns the pyglet event loop.  It
turns key and pointer events into BIOS key words and INT 33h positions, makes
the keyboard's typematic repeat, and shows the screen: a new texture is
uploaded only when the picture can have changed (the screen's version, the
blink and cursor phase), so an idle program costs next to no CPU.

The picture is shown as a 4:3 monitor showed it, the active area exactly
4:3, centred, the rest of the window the border colour as the overscan of a
tube would be (keymap.place chooses the size).  Two ways to draw it:

* at a whole scale (the window opens at the largest one that fits, and
  --scale keeps to whole scales): capture.to_display, whole pixel repeats
  across and the lines spread evenly down, resampled on the CPU only for
  the native lines that changed (a blinking cursor is one character row)
  and drawn 1:1 with no GL filtering, so every window pixel is predictable;
* at any other size (a resized or maximised window, full screen, which
  always fills the height or the width): the largest 4:3 picture that fits,
  "sharp bilinear" as emulator front ends draw it.  The native frame is the
  texture (only its changed lines uploaded) and a small fragment shader
  samples each native pixel's centre, blending only the one display pixel
  where two native pixels meet (capture.sharp_display is its reference).

Host hotkeys never reach the program: Ctrl+F5 saves a screenshot, Ctrl+F6
starts and stops a WAV recording of the speaker, Ctrl+F7 an animated capture
(GIF; all into the captures folder), Alt+Enter switches full screen.

Every input reaches the machine through one ``Inputs`` (keys through the
INT 09h model's ``KeyboardPort``), so a journal can stand in for it and record
the run; a replay runs on the replay's clock and host and takes no input from
the person watching, except closing the window and the host keys.

Closing the window stops the program as quitting would: its next service call
raises ProgramExit, its ``finally`` blocks (the auto-save) run, and the thread
is joined.

pyglet is imported only inside ``run``, so nothing headless ever needs X.
"""
from __future__ import annotations

import ctypes
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import numpy as np

from ..adapters import border_rgb
from ..capture import display_size, rows_showing, save_png, sharp_display, to_display
from ..clock import RealClock
from ..int09 import KeyboardInput
from ..machine import Machine, MachineConfig, RealTimeHost
from ..render import Renderer
from . import layouts, winstate
from .inputs import Inputs, KeyboardPort
from .pacing import POLL_S, Pacer, ProgramWatch, changed_box, next_edge, phase_matters, shown_phase
from .programthread import run_program_thread

UPDATE_HZ = 1 / POLL_S  # how often the window looks for a changed picture while the program runs
CLOSE_TIMEOUT_S = 3.0  # a closed program gets this long to reach a service call and tidy up
AUDIO_START_S = 3.0  # the longest the program waits for a slow audio device to start playing
TITLE_PREFIX = "vconsole - "
DECORATION = (16, 48)  # room left in the work area for a window manager's frame and title bar
PANELS = 48  # height guessed for task bars when the desktop does not say where its work area is
XA_CARDINAL = 6  # predefined X atom (the protocol fixes its number)

# Sharp bilinear (see capture.sharp_coords, the same arithmetic in numpy): positions in window
# pixels, texel coordinates in native pixels of the frame texture.
SHARP_VERTEX = """#version 330 core
in vec2 position;
in vec2 texel;
out vec2 v_texel;
uniform vec2 window_size;
void main() {
    gl_Position = vec4(position / window_size * 2.0 - 1.0, 0.0, 1.0);
    v_texel = texel;
}
"""
SHARP_FRAGMENT = """#version 330 core
in vec2 v_texel;
out vec4 colour;
uniform sampler2D frame;
uniform vec2 frame_size;
uniform vec2 scale;
void main() {
    vec2 base = floor(v_texel);
    vec2 d = v_texel - base - 0.5;
    vec2 reach = 0.5 - 0.5 / scale;
    colour = texture(frame, (base + (d - clamp(d, -reach, reach)) * scale + 0.5) / frame_size);
}
"""


def _load_pyglet():
    """Import pyglet for a window; options must be set before pyglet.gl is first imported."""
    import pyglet

    pyglet.options["shadow_window"] = False
    pyglet.options["debug_gl"] = False  # an error check after every GL call costs more than drawing
    return pyglet


class NoDisplay(Exception):
    """No window can be opened here (no X server, no GL visual); the CLI says so in one line."""


def default_captures_dir() -> Path:
    """Screenshots and recordings go beside the default DOS drive: <user data>/vconsole/captures."""
    from . import default_drive

    return default_drive().parent / "captures"


def run(target: Callable[[Machine], int | None], config: MachineConfig = MachineConfig(),
        scale: int | None = None, record_audio: Path | None = None, title: str = "vconsole",
        captures: Path | None = None, *, clock=None, host=None, journal=None, replaying: bool = False,
        record_video: Path | None = None, video_rate: float | None = None, audio: bool = True,
        lost: list[str] | None = None, crt: bool = False, fullscreen: bool = False, keyboard: str | None = None,
        volume: int | None = None, remember: bool = True) -> int:
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


def _no_display(error: BaseException):
    raise NoDisplay(f"{type(error).__name__}: {error}") from None


class WindowFrontEnd:
    """One window showing one machine; the program runs in a second thread."""

    def __init__(self, pyglet, screen, target, config: MachineConfig, scale: int | None, title: str,
                 captures: Path | None, record_audio: Path | None, *, clock=None, host=None, journal=None,
                 replaying: bool = False, record_video: Path | None = None, video_rate: float | None = None,
                 audio: bool = True, crt: bool = False, fullscreen: bool = False, keyboard: str | None = None,
                 volume: int | None = None, remember: bool = False) -> None:
        from . import keymap

        self.pyglet = pyglet
        self.gl = pyglet.gl
        self.keymap = keymap
        self.target = target
        self.config = config
        self.captures = captures
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
        self.mapper = keymap.KeyMapper(self.keyboard_input)
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
            self.window = pyglet.window.Window(width=width, height=height, caption=title, resizable=True,
                                               vsync=False, visible=True, screen=screen)
        except Exception as e:  # noqa: BLE001 - no GL visual, no server: cannot show anything
            _no_display(e)
        self.window.set_minimum_size(*_min_size(self.adapter))
        self.max_scale = _texture_scale_limit(self.gl, self.adapter)
        self.texture = self.region = None
        self.sharp_program = self.quad = None
        self.placement = self._place(width, height)
        self._make_texture()
        self._drawn_key: tuple | None = None
        self._matters: tuple[int, tuple[bool, bool]] | None = None  # (screen version, phase_matters)
        self._dirty = True
        self._border = 0
        self._title = title
        self._pointer_shown = True
        self._wheel_rest = 0.0  # wheel movement not yet a whole notch
        self._closing_since: float | None = None
        self.exit_code: int | None = None
        self.error: str | None = None
        self.recorder = None
        self.lost_output: list[str] = []  # recordings and captures that could not be written
        self.recording_path: Path | None = None
        self.record_audio = record_audio
        self.record_video = record_video
        self.video_rate = video_rate
        self.video = None  # animation.VideoRecorder while an animated capture runs
        self._video_t = 0.0
        self.want_audio = audio
        self.audio = None
        self.frames_uploaded = 0  # changed pictures sent to the texture
        self.last_upload: tuple[int, int, int, int] | None = None
        self.show_seconds = 0.0  # comparing + resampling + upload time, summed over frames_uploaded
        self.draws = 0  # window redraws (changed pictures, exposes, resizes)
        self.draw_seconds = 0.0
        self._closed = False
        self._window_gone = False  # destroyed by another X client
        self._started = False  # the program thread (held back until the audio device runs)
        self._audio_since = 0.0
        self.thread = threading.Thread(target=self._program, name="vconsole-program", daemon=True)
        self._install_handlers()
        from .extras import Extras

        self.extras = Extras(self, crt=crt, volume=volume)
        self.layout = layouts.attach(self.window, self.mapper, self.keyboard_input, keyboard,
                                     getattr(getattr(screen, "display", None), "_display", None))
        if self.saved is not None and self.saved.x is not None and self.saved.y is not None:
            self.window.set_location(self.saved.x, self.saved.y)
        if fullscreen:
            self.window.set_fullscreen(True)

    # -- the program thread ------------------------------------------------------------------------
    def _program(self) -> None:
        code, error = run_program_thread(self.target, self.machine, self.journal)
        self.exit_code = code
        if error is not None:
            self.error = error

    # -- lifetime -----------------------------------------------------------------------------------
    def main(self) -> int:
        pyglet = self.pyglet
        if self.record_audio is not None:
            self._start_recording(Path(self.record_audio))
        if self.record_video is not None:
            self._start_video(Path(self.record_video))
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
            if self.recorder is not None:
                self._stop_recording()
            if self.video is not None:
                self._stop_video()
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
        if not self.remember or self._window_gone or self.window.fullscreen:
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
            if self._window_gone:
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
        if self._closing_since is None:
            self._start_program_when_heard()
        if (self._started or self._closing_since is not None) and not self.thread.is_alive():
            self._finish()
            return POLL_S
        if self._closing_since is not None and now - self._closing_since > CLOSE_TIMEOUT_S:
            self._finish()
            return POLL_S
        self._sync_title()
        self._sync_pointer()
        if self.extras.tick(now):
            self._dirty = True
        machine_now = self.machine.clock.now()
        screen = self.machine.screen
        if self.video is not None:
            try:
                self.video.advance(screen, self._video_t, machine_now)
            except (OSError, ValueError) as e:  # a full disk while a chunk is put away
                print(f"vconsole: the animated capture stopped ({e})", file=sys.stderr)
                self.video = None
            self._video_t = max(self._video_t, machine_now)
        frame_no = int(machine_now * self.adapter.refresh_hz)
        version = screen.version
        if self._matters is None or self._matters[0] != version:
            # what on this screen blinks: only those phase edges can change its picture
            self._matters = (version, phase_matters(self.adapter, screen.snapshot()))
        matters = self._matters[1]
        key = (version, shown_phase(self.adapter, frame_no, matters))
        if key != self._drawn_key:
            state = screen.snapshot()
            if self._show(self.extras.frame(self.renderer.frame(state, frame_no))):
                self._dirty = True
            self._border = state.border
            self._drawn_key = key
        if self._dirty and not self._window_gone:
            self._draw()
        return self._next_look(now, machine_now, frame_no, matters)

    def _next_look(self, now: float, machine_now: float, frame_no: int, matters: tuple[bool, bool]) -> float | None:
        """Seconds until the picture or the keyboard can next change without an event (pacing)."""
        if (not self.sleeps or not self._started or self._closing_since is not None or not self.watch.sleeping
                or self.video is not None or self.recorder is not None or self.extras.busy(now)):
            return POLL_S  # a running program, a capture, start-up, closing, a paste, a notice: keep looking
        waits = []
        edge = next_edge(self.adapter, frame_no, matters)
        if edge is not None:
            waits.append(edge / self.adapter.refresh_hz - machine_now)
        due = self.keyboard_input.typematic.next_due
        if due is not None:
            waits.append(due - now)
        return max(0.001, min(waits)) if waits else None

    def _show(self, frame) -> bool:
        """Bring the texture up to date with a new frame; False when its picture did not change.

        Only the display rows showing changed native lines are resampled and
        uploaded (the texture holds numpy's top row first; the region flips it).
        """
        t0 = time.perf_counter()
        p = self.placement
        if self.crt:
            frame = self.extras.crt_frame(frame, (p.width, p.height))  # the whole picture, at the window's size
            first, last, left, right = 0, frame.shape[0] - 1, 0, frame.shape[1]
        elif self._uploaded is None:  # a new texture: all of it
            first, last, left, right = 0, frame.shape[0] - 1, 0, frame.shape[1]
            self._uploaded = frame.copy()
        else:
            box = changed_box(frame, self._uploaded)
            if box is None:
                return False  # e.g. a cursor phase while the cursor is hidden
            first, last, left, right = box[0], box[1] - 1, box[2], box[3]
            np.copyto(self._uploaded[first:last + 1], frame[first:last + 1])
        if p.sharp or self.crt:  # the texture is the frame itself: its changed box as it is
            start, stop, x0, part = first, last + 1, left, frame[first:last + 1, left:right]
        else:  # whole repeats across: native columns map to display columns by the scale
            start, stop = rows_showing(first, last, self.adapter, p.scale)
            part = to_display(frame, self.adapter, p.scale, rows=(start, stop))
            across = part.shape[1] // frame.shape[1]
            x0, part = left * across, part[:, left * across:right * across]
        part = np.ascontiguousarray(part)
        gl = self.gl
        gl.glBindTexture(gl.GL_TEXTURE_2D, self.texture.id)
        gl.glPixelStorei(gl.GL_UNPACK_ALIGNMENT, 1)
        gl.glTexSubImage2D(gl.GL_TEXTURE_2D, 0, x0, start, part.shape[1], stop - start, gl.GL_RGB,
                           gl.GL_UNSIGNED_BYTE, part.ctypes.data_as(ctypes.c_void_p))
        self.last_upload = (x0, start, part.shape[1], stop - start)  # texture x, y, width, height
        self.frames_uploaded += 1
        self.show_seconds += time.perf_counter() - t0
        return True

    def _texture_kind(self, placement) -> tuple:
        """What the texture holds: the native frame (sharp, any size) or the display at one whole scale."""
        if self.crt:
            return ("crt", placement.width, placement.height)
        return ("sharp",) if placement.sharp else ("whole", placement.geometry)

    def _make_texture(self) -> None:
        """The texture for the placement: the whole-scale display picture, or the native frame for
        the sharp filter (made again only when that changes, not on every resize)."""
        if self.texture is not None:
            self.texture.delete()
        gl = self.gl
        p = self.placement
        if p.sharp and not self.crt:
            h, w = self.renderer.size[1], self.renderer.size[0]
            self.texture = self.pyglet.image.Texture.create(w, h, min_filter=gl.GL_LINEAR, mag_filter=gl.GL_LINEAR)
            gl.glBindTexture(gl.GL_TEXTURE_2D, self.texture.id)
            for axis in (gl.GL_TEXTURE_WRAP_S, gl.GL_TEXTURE_WRAP_T):  # edges repeat, never wrap round
                gl.glTexParameteri(gl.GL_TEXTURE_2D, axis, gl.GL_CLAMP_TO_EDGE)
            self._make_quad()
        else:
            w, h = (p.width, p.height) if self.crt else p.geometry.shown_size
            self.texture = self.pyglet.image.Texture.create(w, h, min_filter=gl.GL_NEAREST,
                                                            mag_filter=gl.GL_NEAREST)
            self.region = self.texture.get_transform(flip_y=True)  # numpy rows run top-down, GL bottom-up
            self.region.anchor_x = self.region.anchor_y = 0
        self._texture_is = self._texture_kind(p)
        self._uploaded = None  # the native frame the texture shows; None: nothing in it yet
        self._drawn_key = None  # the next look resamples and uploads

    def _make_quad(self) -> None:
        """The active area's rectangle for the sharp shader, texel coordinates of the frame's active area."""
        gl = self.gl
        if self.sharp_program is None:
            from pyglet.graphics.shader import Shader, ShaderProgram

            self.sharp_program = ShaderProgram(Shader(SHARP_VERTEX, "vertex"), Shader(SHARP_FRAGMENT, "fragment"))
        if self.quad is not None:
            self.quad.delete()
        p = self.placement
        g = p.geometry
        x, y, w, h = p.active
        left, right = g.band_x, g.band_x + g.active_w
        top, bottom = g.band_y, g.band_y + g.active_h  # texture row 0 is the frame's top line
        self.quad = self.sharp_program.vertex_list_indexed(
            4, gl.GL_TRIANGLES, [0, 1, 2, 0, 2, 3],
            position=("f", (x, y, x + w, y, x + w, y + h, x, y + h)),
            texel=("f", (left, bottom, right, bottom, right, top, left, top)))

    def _draw(self) -> None:
        t0 = time.perf_counter()
        gl = self.gl
        win = self.window
        win.switch_to()
        r, g, b = (int(v) / 255.0 for v in border_rgb(self.adapter, self._border, self.config.monitor))
        gl.glClearColor(r, g, b, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        p = self.placement
        if p.sharp and not self.crt:
            prog = self.sharp_program
            prog.use()
            g = p.geometry
            prog["window_size"] = (float(p.win_w), float(p.win_h))
            prog["frame_size"] = (float(g.frame_w), float(g.frame_h))
            prog["scale"] = (max(1.0, p.fit.active_w / g.active_w), max(1.0, p.fit.active_h / g.active_h))
            prog["frame"] = 0
            gl.glActiveTexture(gl.GL_TEXTURE0)
            gl.glBindTexture(gl.GL_TEXTURE_2D, self.texture.id)
            self.quad.draw(gl.GL_TRIANGLES)
            prog.stop()
        else:
            self.region.blit(p.x, p.y, 0, p.width, p.height)
        self.extras.draw_overlay(time.monotonic())
        win.flip()
        self._dirty = False
        self.draws += 1
        self.draw_seconds += time.perf_counter() - t0

    def _place(self, width: int, height: int):
        return self.keymap.place(width, height, self.adapter, max_scale=self.max_scale, whole=self.whole)

    def _sync_title(self) -> None:
        name = self.machine.program_name
        title = TITLE_PREFIX + name if name else self.base_title
        if self.recorder is not None:
            title += " [recording]"
        if self.video is not None:
            title += " [capturing]"
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

    # -- events ---------------------------------------------------------------------------------------
    def _install_handlers(self) -> None:
        win = self.window
        handled = self.pyglet.event.EVENT_HANDLED
        km = self.keymap
        machine = self.machine

        inputs = self.inputs
        watching = self.replaying  # a replay takes no input from the person watching it

        @win.event
        def on_key_press(symbol, modifiers):
            hotkey = km.host_hotkey(symbol, modifiers)
            if hotkey:
                self._hotkey(hotkey)
            elif self.extras.hotkey(symbol, modifiers):
                pass  # paste, copy, volume (frontends.extras)
            elif not watching and self.mapper.press(symbol, modifiers, time.monotonic()) is not None:
                machine.notify()
            return handled  # also keeps pyglet from closing the window on Esc

        @win.event
        def on_key_release(symbol, modifiers):
            _, pressed_as = self.mapper.release(symbol, modifiers)
            if pressed_as is not None and pressed_as != symbol:
                getattr(win, "pressed_keys", set()).discard(pressed_as)
            return handled

        @win.event
        def on_text(text):
            return handled  # words come from key presses; host text repeats are not the BIOS's

        @win.event
        def on_text_motion(motion):
            return handled

        @win.event
        def on_text_motion_select(motion):
            return handled

        @win.event
        def on_deactivate():
            held = getattr(win, "pressed_keys", None)
            for symbol in self.mapper.release_all():
                if held is not None:
                    held.discard(symbol)

        @win.event
        def on_mouse_motion(x, y, dx, dy):
            if not watching:
                inputs.move(*self.placement.to_virtual(x, y))

        @win.event
        def on_mouse_drag(x, y, dx, dy, buttons, modifiers):
            if self.extras.mouse_drag(x, y):
                return
            if not watching:
                inputs.move(*self.placement.to_virtual(x, y))

        @win.event
        def on_mouse_press(x, y, button, modifiers):
            if self.extras.mouse_press(x, y, button, modifiers) or watching:
                return
            inputs.move(*self.placement.to_virtual(x, y))
            if button in km.MOUSE_BUTTONS:
                inputs.button(km.MOUSE_BUTTONS[button], True)

        @win.event
        def on_mouse_scroll(x, y, scroll_x, scroll_y):
            machine.mouse.host_move(*self.placement.to_virtual(x, y))
            # pyglet: positive scroll_y is away from the user; the WheelAPI counts towards him.
            # Smooth-scrolling devices send fractions: notches are whole, the rest waits.
            self._wheel_rest -= scroll_y
            notches = int(self._wheel_rest)
            if notches:
                self._wheel_rest -= notches
                machine.mouse.host_wheel(notches)

        @win.event
        def on_mouse_release(x, y, button, modifiers):
            if self.extras.mouse_release(x, y, button) or watching:
                return
            inputs.move(*self.placement.to_virtual(x, y))
            if button in km.MOUSE_BUTTONS:
                inputs.button(km.MOUSE_BUTTONS[button], False)

        @win.event
        def on_resize(width, height):
            self.placement = self._place(width, height)
            if self._texture_kind(self.placement) != self._texture_is:
                self._make_texture()
            elif self.placement.sharp and not self.crt:
                self._make_quad()
            self._dirty = True  # pyglet's own handler still sets the viewport and projection

        @win.event
        def on_expose():
            self._dirty = True

        @win.event
        def on_close():
            if self._closing_since is None:
                self._closing_since = time.monotonic()
                if watching:
                    machine.request_stop()  # the watcher's, not the journal's: the replay stops here
                else:
                    inputs.close()
            return handled  # the window goes once the program has tidied up

        self._watch_destruction(on_close)

    def _watch_destruction(self, on_close) -> None:
        """Another client destroying the X window (``xdotool windowclose``, some task managers)
        counts as closing it.

        pyglet has no event for it and would draw on into a window that is no
        more, at full frame rate, with the program never told to stop; the
        X server's DestroyNotify is caught on the pyglet window's own handler
        table (pyglet stops listening to windows it destroys itself, as on a
        full-screen switch, before that event can arrive).
        """
        handlers = getattr(self.window, "_event_handlers", None)
        if handlers is None or not hasattr(self.window, "_window"):
            return  # not Xlib
        from pyglet.libs.x11 import xlib

        def destroyed(event) -> None:
            if event.xdestroywindow.window == self.window._window:
                self._window_gone = True
                on_close()

        handlers[xlib.DestroyNotify] = destroyed

    # -- host hotkeys ---------------------------------------------------------------------------------------
    def _hotkey(self, which: str) -> None:
        km = self.keymap
        if which == km.FULLSCREEN:
            self.window.set_fullscreen(not self.window.fullscreen)
            self._dirty = True
        elif which == km.SCREENSHOT:
            self.screenshot()
        elif which == km.RECORD:
            if self.recorder is None:
                self._start_recording(self._capture_path("wav"))
            else:
                self._stop_recording()
        elif which == km.VIDEO:
            if self.video is None:
                self._start_video(self._capture_path("png" if self.crt else "gif"))  # the CRT look: APNG
            else:
                self._stop_video()

    def _capture_path(self, ext: str) -> Path:
        folder = self.captures or default_captures_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        name = (self.machine.program_name or "vconsole").lower()
        path = folder / f"{name}-{stamp}.{ext}"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"{name}-{stamp}-{n}.{ext}"
        return path

    def screenshot(self, path: Path | None = None) -> Path:
        """The picture as the window shows it now (4:3 at its size, border band included) as a PNG."""
        path = path or self._capture_path("png")
        state = self.machine.screen.snapshot()
        frame = self.renderer.frame(state, int(self.machine.clock.now() * self.adapter.refresh_hz))
        self._drawn_key = None  # the renderer's buffer moved on: upload again at the next look
        p = self.placement
        if self.crt:
            picture = self.extras.crt_frame(frame, (p.width, p.height))
        elif p.sharp:
            f = p.fit
            picture = np.empty((f.height, f.width, 3), np.uint8)
            picture[:] = border_rgb(self.adapter, state.border, self.config.monitor)
            picture[f.band_y:f.band_y + f.active_h, f.band_x:f.band_x + f.active_w] = \
                sharp_display(frame, self.adapter, f)
        else:
            picture = to_display(frame, self.adapter, p.scale)
        save_png(picture, path)
        print(f"vconsole: screenshot saved to {path}", file=sys.stderr)
        return path

    def _start_recording(self, path: Path) -> None:
        from ..synth import WavRecorder, level

        self.recorder = WavRecorder(self.machine.speaker, path, model=self.config.speaker_model,
                                    volume=level(self.config.volume))
        self.recording_path = path
        self.recorder.start()
        if path != self.record_audio:
            print(f"vconsole: recording the speaker to {path} (Ctrl+F6 stops)", file=sys.stderr)

    def _stop_recording(self) -> None:
        recorder, self.recorder = self.recorder, None
        try:
            recorder.stop()
        except OSError as e:  # one line, and the run's exit status says a recording was lost
            print(f"vconsole: cannot write {self.recording_path}: {e.strerror or e}", file=sys.stderr)
            self.lost_output.append(str(self.recording_path))
            return
        if self.recording_path != self.record_audio:
            print(f"vconsole: recording saved to {self.recording_path}", file=sys.stderr)

    def _start_video(self, path: Path) -> None:
        """An animated capture of the picture from now on, at the adapter's retraces (vconsole.animation)."""
        from ..animation import VideoRecorder

        if self.crt:
            from ..crtanimation import CrtVideoRecorder as VideoRecorder  # type: ignore[assignment]
        now = self.machine.clock.now()
        if path.suffix.lower() == ".html":  # --record-html: the run as a web page (tools.htmlexport)
            from ..tools.htmlexport import HtmlRecorder

            self.video = HtmlRecorder(path, self.adapter, self.config.monitor, title=self.base_title,
                                      speaker_model=self.config.speaker_model, speaker=self.machine.speaker)
        else:
            self.video = VideoRecorder(path, self.adapter, self.config.monitor, scale=None, rate=self.video_rate,
                                       start=now)
        self._video_t = now
        if path != self.record_video:
            print(f"vconsole: capturing the screen to {path} (Ctrl+F7 stops)", file=sys.stderr)

    def _stop_video(self) -> None:
        video, self.video = self.video, None
        try:
            video.finish(self.machine.clock.now(), self.machine.screen)
        except (OSError, ValueError) as e:
            print(f"vconsole: the animated capture {video.path} could not be written"
                  f" ({getattr(e, 'strerror', None) or e})", file=sys.stderr)
            self.lost_output.append(str(video.path))
            return
        what = "web page" if video.path.suffix.lower() == ".html" else "animated capture"
        print(f"vconsole: {what} saved to {video.path}", file=sys.stderr)


def _min_size(adapter) -> tuple[int, int]:
    w, h = display_size(adapter, 1)
    return max(1, w // 4), max(1, h // 4)


def _texture_scale_limit(gl, adapter) -> int:
    """The largest scale whose picture still fits in one texture of this GL."""
    from .keymap import fitting_scale

    size = gl.GLint()
    gl.glGetIntegerv(gl.GL_MAX_TEXTURE_SIZE, size)
    return max(1, fitting_scale(size.value, size.value, adapter))


def work_area(screen) -> tuple[int, int]:
    """(width, height) of the screen minus the desktop's panels and task bars.

    X11 desktops publish it as _NET_WORKAREA on the root window (spanning all
    monitors, so it is cut to this screen); Windows answers SPI_GETWORKAREA.
    Elsewhere, or when nobody says, a task bar's height is guessed.
    """
    area = None
    try:
        if sys.platform == "win32":
            area = _win32_work_area()
        elif hasattr(getattr(screen, "display", None), "_display"):
            area = _x11_work_area(screen)
    except Exception:  # noqa: BLE001 - a desktop that answers oddly gets the guess
        area = None
    return area or (screen.width, max(1, screen.height - PANELS))


def _x11_work_area(screen) -> tuple[int, int] | None:
    from pyglet.libs.x11 import xlib

    d = screen.display._display
    atom = xlib.XInternAtom(d, b"_NET_WORKAREA", True)
    if not atom:
        return None
    kind, fmt = xlib.Atom(), ctypes.c_int()
    count, after = ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.POINTER(ctypes.c_ubyte)()
    status = xlib.XGetWindowProperty(d, xlib.XDefaultRootWindow(d), atom, 0, 4, False, XA_CARDINAL,
                                     ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count),
                                     ctypes.byref(after), ctypes.byref(data))
    try:
        if status != 0 or fmt.value != 32 or count.value < 4:
            return None
        x, y, w, h = ctypes.cast(data, ctypes.POINTER(ctypes.c_long))[:4]  # format 32 comes as C longs
    finally:
        if data:
            xlib.XFree(data)
    left, top = max(x, screen.x), max(y, screen.y)
    right, bottom = min(x + w, screen.x + screen.width), min(y + h, screen.y + screen.height)
    if right <= left or bottom <= top:
        return None
    return right - left, bottom - top


def _win32_work_area() -> tuple[int, int] | None:
    from ctypes import wintypes

    rect = wintypes.RECT()
    if not ctypes.windll.user32.SystemParametersInfoW(48, 0, ctypes.byref(rect), 0):  # SPI_GETWORKAREA
        return None
    return rect.right - rect.left, rect.bottom - rect.top


def _start_audio(machine: Machine, config: MachineConfig):
    """Live speaker output, or None (with one notice) when the host has no audio device."""
    try:
        from .audio import LiveAudio
    except ImportError:
        return None
    return LiveAudio.open(machine.speaker, model=config.speaker_model, volume=config.volume)
