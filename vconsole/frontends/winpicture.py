"""The window's picture on the GPU: one texture, sent only the part of a frame that changed, and drawn.

window.py decides when to look at the machine and which frame to show; this module
holds how that frame reaches the screen, so the GL work can be read without the
event loop around it.  The texture holds one of three things (``texture_kind``):

* at a whole scale, the display picture (capture.to_display: whole pixel repeats
  across, lines spread evenly down), drawn 1:1 with no GL filtering, so every window
  pixel is predictable; only the display rows showing changed native lines are
  resampled on the CPU and uploaded;
* at any other size, the native frame itself (only its changed box uploaded), drawn
  "sharp bilinear" by a small fragment shader that samples each native pixel's
  centre and blends only the one display pixel where two native pixels meet
  (capture.sharp_display is its reference in numpy);
* with --crt, the CRT look (vconsole.crt) at the window picture's size, whole.

The texture is made again only when what it holds changes, never on every resize.
pyglet's options must be set before pyglet.gl is first imported: the window imports
this module only once it has loaded pyglet (window._load_pyglet).
"""
from __future__ import annotations

import ctypes
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import pyglet

pyglet.options["shadow_window"] = False
pyglet.options["debug_gl"] = False  # an error check after every GL call costs more than drawing
from pyglet import gl  # noqa: E402
from pyglet.graphics.shader import Shader, ShaderProgram  # noqa: E402
from pyglet.image import Texture  # noqa: E402

from ..adapters import Adapter, border_rgb  # noqa: E402
from ..capture import DisplayGeometry, rows_showing, to_display  # noqa: E402
from .keymap import Placement, fitting_scale  # noqa: E402
from .pacing import changed_box  # noqa: E402

if TYPE_CHECKING:
    from pyglet.graphics.vertexdomain import IndexedVertexList
    from pyglet.image import TextureRegion

#: the CRT look of a frame at a size (frontends.extras.Extras.crt_frame)
CrtLook = Callable[[np.ndarray, tuple[int, int]], np.ndarray]
#: what the texture holds: ("sharp",), ("whole", geometry) or ("crt", width, height)
TextureKind = tuple[str] | tuple[str, DisplayGeometry] | tuple[str, int, int]

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


def texture_scale_limit(adapter: Adapter) -> int:
    """The largest scale whose picture still fits in one texture of this GL (a window must be open)."""
    size = gl.GLint()
    gl.glGetIntegerv(gl.GL_MAX_TEXTURE_SIZE, size)
    return max(1, fitting_scale(size.value, size.value, adapter))


class Picture:
    """The texture showing one machine's frames in one window, placed by a keymap.Placement.

    ``crt`` is the CRT look when --crt is on (the picture is then always made at the
    window picture's size on the CPU and drawn 1:1).
    """

    def __init__(self, adapter: Adapter, monitor: str, native_size: tuple[int, int], placement: Placement,
                 crt: CrtLook | None = None) -> None:
        self.adapter = adapter
        self.monitor = monitor
        self.native_size = native_size  # (width, height) of the renderer's frames
        self.crt = crt
        self.placement = placement
        self.program: ShaderProgram | None = None  # the sharp filter, compiled when first needed
        self.quad: IndexedVertexList | None = None  # the active area's rectangle for the shader
        self.region: TextureRegion | None = None  # the whole-scale texture, flipped to numpy's row order
        self.frames_uploaded = 0  # changed pictures sent to the texture
        self.last_upload: tuple[int, int, int, int] | None = None  # texture x, y, width, height
        self.show_seconds = 0.0  # comparing + resampling + upload time, summed over frames_uploaded
        self.texture = self._make_texture()

    # -- placing ------------------------------------------------------------------------------------
    def texture_kind(self, placement: Placement) -> TextureKind:
        """What the texture holds: the native frame (sharp, any size) or the display at one whole scale."""
        if self.crt is not None:
            return ("crt", placement.width, placement.height)
        return ("sharp",) if placement.sharp else ("whole", placement.geometry)

    def place(self, placement: Placement) -> bool:
        """The window was resized; True when the texture was made again (everything must be sent again)."""
        self.placement = placement
        if self.texture_kind(placement) != self._texture_is:
            self.texture.delete()
            self.texture = self._make_texture()
            return True
        if placement.sharp and self.crt is None:
            self._make_quad()
        return False

    def _make_texture(self) -> Texture:
        """The texture for the placement: the whole-scale display picture, or the native frame for
        the sharp filter."""
        p = self.placement
        if p.sharp and self.crt is None:
            w, h = self.native_size
            texture = Texture.create(w, h, min_filter=gl.GL_LINEAR, mag_filter=gl.GL_LINEAR)
            gl.glBindTexture(gl.GL_TEXTURE_2D, texture.id)
            for axis in (gl.GL_TEXTURE_WRAP_S, gl.GL_TEXTURE_WRAP_T):  # edges repeat, never wrap round
                gl.glTexParameteri(gl.GL_TEXTURE_2D, axis, gl.GL_CLAMP_TO_EDGE)
            self.texture = texture
            self._make_quad()
        else:
            w, h = (p.width, p.height) if self.crt is not None else p.geometry.shown_size
            texture = Texture.create(w, h, min_filter=gl.GL_NEAREST, mag_filter=gl.GL_NEAREST)
            region = texture.get_transform(flip_y=True)  # numpy rows run top-down, GL bottom-up
            region.anchor_x = region.anchor_y = 0
            self.region = region
        self._texture_is = self.texture_kind(p)
        self._uploaded: np.ndarray | None = None  # the native frame the texture shows; None: nothing yet
        return texture

    def _make_quad(self) -> None:
        """The active area's rectangle for the sharp shader, texel coordinates of the frame's active area."""
        if self.program is None:
            self.program = ShaderProgram(Shader(SHARP_VERTEX, "vertex"), Shader(SHARP_FRAGMENT, "fragment"))
        if self.quad is not None:
            self.quad.delete()
        p = self.placement
        g = p.geometry
        x, y, w, h = p.active
        left, right = g.band_x, g.band_x + g.active_w
        top, bottom = g.band_y, g.band_y + g.active_h  # texture row 0 is the frame's top line
        self.quad = self.program.vertex_list_indexed(
            4, gl.GL_TRIANGLES, [0, 1, 2, 0, 2, 3],
            position=("f", (x, y, x + w, y, x + w, y + h, x, y + h)),
            texel=("f", (left, bottom, right, bottom, right, top, left, top)))

    # -- a new frame ----------------------------------------------------------------------------------
    def show(self, frame: np.ndarray) -> bool:
        """Bring the texture up to date with a new frame; False when its picture did not change.

        Only the display rows showing changed native lines are resampled and
        uploaded (the texture holds numpy's top row first; the region flips it).
        """
        t0 = time.perf_counter()
        p = self.placement
        if self.crt is not None:
            frame = self.crt(frame, (p.width, p.height))  # the whole picture, at the window's size
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
        if p.sharp or self.crt is not None:  # the texture is the frame itself: its changed box as it is
            start, stop, x0, part = first, last + 1, left, frame[first:last + 1, left:right]
        else:  # whole repeats across: native columns map to display columns by the scale
            start, stop = rows_showing(first, last, self.adapter, p.scale)
            part = to_display(frame, self.adapter, p.scale, rows=(start, stop))
            across = part.shape[1] // frame.shape[1]
            x0, part = left * across, part[:, left * across:right * across]
        part = np.ascontiguousarray(part)
        gl.glBindTexture(gl.GL_TEXTURE_2D, self.texture.id)
        gl.glPixelStorei(gl.GL_UNPACK_ALIGNMENT, 1)
        gl.glTexSubImage2D(gl.GL_TEXTURE_2D, 0, x0, start, part.shape[1], stop - start, gl.GL_RGB,
                           gl.GL_UNSIGNED_BYTE, part.ctypes.data_as(ctypes.c_void_p))
        self.last_upload = (x0, start, part.shape[1], stop - start)
        self.frames_uploaded += 1
        self.show_seconds += time.perf_counter() - t0
        return True

    # -- drawing --------------------------------------------------------------------------------------
    def draw(self, border: int) -> None:
        """Clear the window to the border colour and draw the picture (the window's GL context is current)."""
        r, g, b = (int(v) / 255.0 for v in border_rgb(self.adapter, border, self.monitor))
        gl.glClearColor(r, g, b, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        p = self.placement
        if p.sharp and self.crt is None and self.program is not None and self.quad is not None:
            prog = self.program
            prog.use()
            geo = p.geometry
            prog["window_size"] = (float(p.win_w), float(p.win_h))
            prog["frame_size"] = (float(geo.frame_w), float(geo.frame_h))
            prog["scale"] = (max(1.0, p.fit.active_w / geo.active_w), max(1.0, p.fit.active_h / geo.active_h))
            prog["frame"] = 0
            gl.glActiveTexture(gl.GL_TEXTURE0)
            gl.glBindTexture(gl.GL_TEXTURE_2D, self.texture.id)
            self.quad.draw(gl.GL_TRIANGLES)
            prog.stop()
        elif self.region is not None:
            self.region.blit(p.x, p.y, 0, p.width, p.height)
