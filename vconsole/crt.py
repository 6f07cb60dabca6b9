"""The CRT look (--crt): the exact frame as the glass of a period monitor showed it.

Off by default: the exact picture (render.py, capture.py) stays what every
screenshot and golden test holds.  With it on, this module is a pure numpy
post-process of that exact native frame, so the window, screenshots and
animated captures share it and it is tested headless.

What a tube adds to the card's signal.  The presets below say, figure by figure,
which rest on a source that was read and which are rendering choices: values
picked for the look, with the reason beside them, and no claim about the
hardware:

* **Scanlines.**  The beam draws each of the card's lines (200 on CGA, 350 on
  EGA and MDA, 400 on VGA, plus the overscan lines) as a band of roughly
  Gaussian profile.  The spot's width against the line pitch decides how dark
  the gaps are: wide on the 200-line CGA picture, nearly closed at 400 lines.
  The beam's light saturates: a bright line is clipped flat and so looks
  wider than a dim one (the "blooming" of the spot), which keeps the overall
  brightness instead of darkening the picture.
* **The shadow mask** of a colour tube: triads of red, green and blue phosphor
  dots at the tube's dot pitch, alternate rows offset by half a triad (a
  delta-gun dot mask; the IBM colour displays had dot masks).  Its period in
  window pixels follows from the dot pitch and the picture width in mm; each
  window pixel takes the share of each colour's dots it covers (box filtered),
  so a pitch finer than the window's pixels averages out instead of aliasing.
  Monochrome tubes have a continuous phosphor and no mask.
* **Halation (bloom):** light scattered inside the faceplate glass: a wide,
  faint glow around bright areas.
* **Phosphor persistence** on monochrome monitors: the P39 green of the IBM
  5151 glows on long after the beam has passed, so a blinking character or a
  moving cursor leaves a trail over several frames.  Colour (P22) and
  white (P4) phosphors are taken to fade far within one frame.

Light is handled in linear units (the sRGB transfer undone and put back by
tables), as light adds.  A picture is produced for any output size, so the
window can use it at a whole scale and at full screen alike.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from .adapters import Adapter, get_adapter

__all__ = [
    "PHOSPHORS",
    "TUBES",
    "CrtPicture",
    "Tube",
    "crt_display",
    "decay_per_second",
    "mask_period_px",
    "scanline_sigma",
    "tube_for",
]


@dataclass(frozen=True)
class Tube:
    """A monitor's tube: the picture it draws and, for colour tubes, its mask."""

    model: str
    picture_w_mm: float  # width of the scanned picture (overscan included) on the glass
    picture_h_mm: float
    spot_mm: float  # beam spot width at half its peak (FWHM) at normal brightness
    dot_pitch_mm: float = 0.0  # shadow-mask dot pitch; 0: a monochrome tube without a mask
    source: str = ""


@dataclass(frozen=True)
class Phosphor:
    """A phosphor's afterglow: the time its light takes to fall to 10 % (the usual persistence measure).

    The afterglow is a pure exponential, so this time is ln 10 (about 2.30) time constants:
    the 1/e time is ``decay_10pct_ms / ln 10``.  A table that gives a 1/e time (or a time to
    1 %) has to be converted before its figure goes here.
    """

    name: str
    decay_10pct_ms: float
    source: str = ""


# Where each figure comes from.  Only what was actually read in a source is cited as a source;
# the rest is said to be an estimate or a rendering choice.  The sources read:
#   [emusee]   "IBM Model 5151", emusee.org/ibm5151.html: a 12-inch monitor with an 11.5-inch
#              (diagonal) 90-degree CRT, 350 lines at 50 Hz, P39 phosphor of high persistence
#              that cuts flicker and smears a changing picture.  No decay time is given.
#   [retrotech] "IBM 5153", wiki.retrotechcollection.com: a 13-inch shadow-mask colour tube,
#              60 Hz.  No dot pitch is given.
#   [ps2]      Wikipedia "IBM PS/2", Graphics section (a copy): the 8513 is a 12-inch
#              640x480 60 Hz colour display.  No dot pitch is given.
#   [mono]     Wikipedia "Monochrome monitor", Design section (copies): green monochrome
#              monitors used P1, amber ones P3, white ones P4 (the phosphor of early
#              television).  No decay times are given.
#   [printwiki] printwiki.org "Phosphor Persistence": persistence is the time a phosphor's
#              brightness takes to drop to one-tenth of its starting value.
#   [ibmvdt]   IBM Healthy Computing, "VDT design factors: AC component": a phosphor's glow
#              typically decays exponentially (its figure cites JEDEC 1975 decay curves);
#              raster refresh is 40-80 Hz.
#   [p22]      cathoderaytubes.com "Phosphorous": P-22 is a phosphor set used in colour CRT
#              displays.  No decay time is given.
#   [tubetime] "CRT Phosphor Video" (October 2015), tubetime.us/index.php/2015/10: quotes a
#              chart giving P1 green a persistence of 20 ms; no other phosphor time is given.
# Looked for on 2026-12-03 and not found in anything that could be read (so nothing below
# rests on them): JEDEC TEP116 or the older EIA phosphor tables (decay times, persistence
# classes); the "Standard phosphor types" table of Wikipedia's "Phosphor" article (only the
# openings of its copies could be read, not the table); IBM's Guides to Operations, Technical
# References and announcement letters for the 5151, 5153, 5154 and 8513; any museum or
# collector page quoting a dot pitch for those monitors; any tube maker's spot-size data.
#
# Picture sizes: IBM's usable picture size was not found for any of these monitors.  The
# values are an estimate: a 4:3 area of about 9.5 x 7.1 inches on the 13-inch colour tubes
# (5153 [retrotech]; the 5154 assumed the same, its size not found) and about 9 x 6.75 inches
# on the 12-inch monitors (the 5151, whose tube is 11.5 inches across [emusee], and the 8513
# [ps2]), overscan band included.  They set the mask period and the glow's reach in lines;
# treat them as a rendering choice, not a monitor figure.
# Dot pitches 0.43 mm (5153), 0.31 mm (5154), 0.28 mm (8513): a rendering choice, not a monitor
# figure.  They were first written down as IBM's figures from memory; no document giving any
# pitch for these monitors was found, and none read contradicts them.  They are kept because
# they give the mask wanted: coarsest on the 15.7 kHz CGA tube (about 560 triads across a
# picture of 704 columns, border included, so 640-dot graphics blur a little; 2.5 display
# pixels a triad at scale 2, so the dots show), finer on the EGA and VGA tubes (about 780 and
# 820 triads for 704 and 792 columns, about one a column; 1.8 and 1.9 pixels a triad).
# Spot sizes: no published figure was found (IBM published none that was found; no tube data
# sheet was read).  They are a rendering choice, not a monitor figure: a beam narrower than the
# line pitch so that the card's lines show as lines, wider on the 15.7 kHz 200-line tube.
TUBES: dict[str, Tube] = {
    # picture 241 x 181 mm: estimate (13-inch tube [retrotech]); spot 0.50 mm and dot pitch
    # 0.43 mm: rendering choices
    "cga": Tube("IBM 5153 Color Display", 241.0, 181.0, 0.50, 0.43,
                "13-inch shadow-mask colour tube at 60 Hz (retrotechcollection 'IBM 5153'); "
                "dot pitch, spot and picture size are rendering choices (no IBM figure found)"),
    # picture 241 x 181 mm: estimate (tube size not found); spot 0.36 mm and dot pitch 0.31 mm:
    # rendering choices
    "ega": Tube("IBM 5154 Enhanced Color Display", 241.0, 181.0, 0.36, 0.31,
                "dot pitch, spot and picture size (taken as the 5153's) are rendering choices "
                "(no IBM figure found)"),
    # picture 229 x 172 mm: estimate (12-inch display [ps2]); spot 0.30 mm and dot pitch 0.28 mm:
    # rendering choices
    "vga": Tube("IBM PS/2 Display 8513", 229.0, 172.0, 0.30, 0.28,
                "12-inch 640x480 60 Hz colour display (Wikipedia 'IBM PS/2'); dot pitch, spot and "
                "picture size are rendering choices (no IBM figure found)"),
    # picture 229 x 172 mm: estimate (11.5-inch tube [emusee]); spot 0.34 mm: rendering choice;
    # no mask: a monochrome tube has a continuous phosphor
    "mda": Tube("IBM 5151 Monochrome Display", 229.0, 172.0, 0.34, 0.0,
                "11.5-inch (diagonal) 90-degree tube, 350 lines at 50 Hz, P39 phosphor (emusee.org 'IBM Model "
                "5151'); picture size estimated; spot a rendering choice"),
}
TUBES["hercules"] = TUBES["mda"]

# Afterglow to 10 % ([printwiki]'s definition of persistence), modelled as an exponential
# ([ibmvdt]): light = exp(-t / tau) with tau = t10 / ln 10, so 150 ms to 10 % is a 1/e time of
# about 65 ms and 13 ms to 10 % one of about 5.6 ms.  The designations are sourced: P39 on the
# 5151 [emusee], P3 amber and P4 white monochrome screens [mono], P22 for colour CRTs [p22].
# The decay TIMES are rendering choices, not phosphor figures: no source read gives a time for
# P39, P3, P4 or P22 (the only time read is [tubetime]'s 20 ms for P1, not a phosphor used here),
# nor even says that P3 fades faster than P39.  Why each value was picked (a frame of the
# 5151 is 20 ms at its 50 Hz [emusee]):
#   P39 150 ms: one frame later 74 % of the light is left, three frames later 40 %, and it is
#     gone (below SETTLED) after about 450 ms: a blink or a cursor move trails over several
#     frames, the smear a changing picture shows on the 5151 [emusee], yet text stays readable.
#   P3 13 ms: one frame later 3 % is left, two frames later nothing: a faint one-frame trace,
#     clearly shorter than the green's, as the look's amber.
#   P4, P22 0.06 and 0.05 ms: any value under 1 ms turns the afterglow off (CrtPicture.persistent);
#     the numbers themselves change nothing.
PHOSPHORS: dict[str, Phosphor] = {
    "green": Phosphor("P39", 150.0, "P39 on the IBM 5151 (emusee.org), long persistence; "
                      "150 ms to 10 % is a rendering choice (no P39 time found)"),
    "amber": Phosphor("P3", 13.0, "P3 for amber monochrome screens (Wikipedia 'Monochrome monitor'); "
                      "13 ms to 10 % is a rendering choice (no P3 time found)"),
    "white": Phosphor("P4", 0.06, "P4 for white monochrome screens (Wikipedia 'Monochrome monitor'); "
                      "the time is a rendering choice: under 1 ms means no afterglow"),
    "color": Phosphor("P22", 0.05, "P22 colour phosphors (cathoderaytubes.com); the time is a rendering "
                      "choice: under 1 ms means no afterglow"),
}

# Rendering constants: none of these is a monitor figure, and no published value was found
# for any of them.  Each is a rendering choice, not a monitor figure.
MASK_STRENGTH = 0.45  # rendering choice: how far the mask darkens between dots (1.0 needs a display 3x brighter)
HALATION_SIGMA_MM = 1.2  # rendering choice: spread of the light scattered in the faceplate glass
HALATION_SHARE = 0.12  # rendering choice: share of a pixel's light that the glass spreads around it
SETTLED = 1.0 / 1024  # rendering choice: afterglow below this (linear light) counts as gone


def tube_for(adapter: Adapter | str) -> Tube:
    """The monitor the adapter was sold with (its name's tube; a card set up otherwise keeps its tube)."""
    return TUBES[get_adapter(adapter).name]


def decay_per_second(monitor: str) -> float:
    """The phosphor's exponential rate: light falls by exp(-rate * seconds), to 10 % at its decay time.

    rate = ln 10 / (time to 10 %), the inverse of the 1/e time constant.
    """
    return math.log(10.0) / (PHOSPHORS[monitor].decay_10pct_ms / 1000.0)


def scanline_sigma(adapter: Adapter | str, lines: int | None = None) -> float:
    """The spot's Gaussian sigma in line pitches for this adapter's scan (frame lines, band included)."""
    a = get_adapter(adapter)
    t = tube_for(a)
    n = lines if lines is not None else a.height + 2 * a.band()[1]
    return (t.spot_mm / 2.3548) / (t.picture_h_mm / n)


def mask_period_px(adapter: Adapter | str, width_px: int) -> float:
    """Display pixels per triad across when the whole frame is `width_px` wide; 0 for no mask."""
    t = tube_for(adapter)
    return 0.0 if not t.dot_pitch_mm else t.dot_pitch_mm * width_px / t.picture_w_mm


# -- tables -------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _to_linear() -> np.ndarray:
    c = np.arange(256) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin.astype(np.float32)


ENCODE_STEPS = 4096


@functools.lru_cache(maxsize=1)
def _to_srgb() -> np.ndarray:
    x = (np.arange(ENCODE_STEPS) + 0.5) / ENCODE_STEPS
    s = np.where(x <= 0.0031308, 12.92 * x, 1.055 * x ** (1 / 2.4) - 0.055)
    out = np.rint(np.clip(s, 0, 1) * 255).astype(np.uint8)
    out[0] = 0
    levels: np.ndarray = out
    return levels


def _halation(lin: np.ndarray, adapter: Adapter) -> tuple[np.ndarray, int]:
    """The light the faceplate glass scatters: a wide Gaussian of the native frame, HALATION_SHARE of it.

    Returns the glow and how many native columns each of its columns spans.
    Pillow blurs it in 8 bits (a faint glow needs no more) with one radius, so
    the columns are first merged until the pixels are about square.
    """
    from PIL import Image, ImageFilter

    h, w = lin.shape[:2]
    tube = tube_for(adapter)
    line_mm, dot_mm = tube.picture_h_mm / h, tube.picture_w_mm / w
    step = max(1, round(line_mm / dot_mm))
    w2 = w // step
    small = lin[:, :w2 * step].reshape(h, w2, step, 3).mean(axis=2)
    img = Image.fromarray(np.rint(small * 255).astype(np.uint8), "RGB")
    blurred = img.filter(ImageFilter.GaussianBlur(HALATION_SIGMA_MM / line_mm))
    return np.asarray(blurred, dtype=np.float32) * np.float32(HALATION_SHARE / 255.0), step


@functools.lru_cache(maxsize=8)
def _rows(native_h: int, shown_h: int, sigma: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each display row: the two nearest native lines and the beam's weight of each.

    The weights include the gain 1/(sigma*sqrt(2 pi)) that keeps a uniform
    field's mean light; the caller clips at full drive (saturation).
    """
    v = (np.arange(shown_h) + 0.5) * native_h / shown_h - 0.5  # position in line units, centres at integers
    i0 = np.floor(v).astype(np.intp)
    d = v - i0
    gain = 1.0 / (sigma * math.sqrt(2 * math.pi))
    w0 = gain * np.exp(-0.5 * (d / sigma) ** 2)
    w1 = gain * np.exp(-0.5 * ((1 - d) / sigma) ** 2)
    w0[i0 < 0] = 0.0
    w1[i0 + 1 >= native_h] = 0.0
    return (np.clip(i0, 0, native_h - 1), np.clip(i0 + 1, 0, native_h - 1),
            w0.astype(np.float32)[:, None, None], w1.astype(np.float32)[:, None, None])


def _stripe_cover(x0: np.ndarray, x1: np.ndarray, start: float, width: float) -> np.ndarray:
    """Length of [x0, x1) (in periods) covered by the stripes [k + start, k + start + width)."""
    def cum(x: np.ndarray) -> np.ndarray:
        k = np.floor(x - start)
        covered: np.ndarray = k * width + np.clip(x - start - k, 0, width)
        return covered
    cover: np.ndarray = cum(x1) - cum(x0)
    return cover


@functools.lru_cache(maxsize=2)  # a window picture's worth of floats each: keep only the sizes in use
def _mask(width: int, height: int, period: float) -> np.ndarray | None:
    """(height, width, 3) float32 factors of a delta dot mask with `period` pixels per triad (mean 1)."""
    if period <= 0:
        return None
    row_h = period * math.sqrt(3) / 2  # rows of a hexagonal lattice of triads
    x = np.arange(width + 1, dtype=np.float64) / period
    band = (np.floor((np.arange(height) + 0.5) / row_h).astype(np.intp) & 1)
    out = np.empty((height, width, 3), np.float32)
    for shift in (0, 1):
        xs = x + 0.5 * shift
        cover = np.stack([_stripe_cover(xs[:-1], xs[1:], c / 3, 1 / 3) for c in range(3)], axis=-1)
        cover *= period * 3  # a pixel's share of each colour, 1 on average
        factor = (1 - MASK_STRENGTH + MASK_STRENGTH * cover).astype(np.float32)
        out[band == shift] = factor
    out.flags.writeable = False
    return out


# -- the picture -------------------------------------------------------------------------------------

class CrtPicture:
    """The CRT look of one adapter's frames at one output size, remembering the phosphor's afterglow.

    ``render(frame, t)`` takes the exact native frame (render.render_frame,
    border band included when the adapter has one) and the machine time it
    was scanned; ``fading`` says whether the afterglow still changes the
    picture, so a window knows to draw again although the screen did not change.
    """

    def __init__(self, adapter: Adapter | str, monitor: str, size: tuple[int, int]) -> None:
        self.adapter = get_adapter(adapter)
        self.monitor = monitor
        self.width, self.height = int(size[0]), int(size[1])
        self.rate = decay_per_second(monitor)
        self.persistent = PHOSPHORS[monitor].decay_10pct_ms >= 1.0  # only then is it seen at 50-70 Hz
        self._glow: np.ndarray | None = None
        self._t: float | None = None
        self.fading = False
        self._last: np.ndarray | None = None  # the light of the last frame rendered
        self._out: np.ndarray | None = None
        self.rows_rendered = 0  # display rows worked out, for tests and the benchmark

    def render(self, frame: np.ndarray, t: float = 0.0) -> np.ndarray:
        """(height, width, 3) uint8: the glass showing `frame` at time `t` (seconds).

        The result is this object's own buffer (valid until the next call).
        Only the display rows near native lines that changed since the last
        call are worked out again (a blinking cursor is a few lines), as far
        as the glass's glow reaches.
        """
        frame = np.asarray(frame)
        h, w = frame.shape[:2]
        lin = _to_linear()[frame]
        if self.persistent:
            lin = self._afterglow(lin, t)
        i0, i1, w0, w1 = _rows(h, self.height, scanline_sigma(self.adapter, h))
        if self._out is None or self._last is None or self._last.shape != lin.shape:
            self._out = np.empty((self.height, self.width, 3), np.uint8)
            y0, y1 = 0, self.height
        else:
            changed = np.flatnonzero((lin != self._last).any(axis=(1, 2)))
            if not len(changed):
                return self._out
            tube = tube_for(self.adapter)
            reach = math.ceil(3.5 * HALATION_SIGMA_MM * h / tube.picture_h_mm) + 2
            lo, hi = int(changed[0]) - reach, int(changed[-1]) + reach
            y0 = int(np.searchsorted(i1, lo, "left"))
            y1 = int(np.searchsorted(i0, hi, "right"))
        self._last = lin
        cols, near = self._maps(w, h)
        glow, step = _halation(lin, self.adapter)
        glow = np.take(np.take(glow, near[y0:y1], axis=0), np.minimum(cols // step, glow.shape[1] - 1), axis=1)
        lo_line, hi_line = int(i0[y0]) if y1 > y0 else 0, int(i1[y1 - 1]) + 1 if y1 > y0 else 0
        wide = np.take(lin[lo_line:hi_line], cols, axis=1)  # the native lines needed, display columns
        wide *= np.float32(1 - HALATION_SHARE)
        out = np.take(wide, i0[y0:y1] - lo_line, axis=0)
        out *= w0[y0:y1]
        part = np.take(wide, i1[y0:y1] - lo_line, axis=0)
        part *= w1[y0:y1]
        out += part
        mask = _mask(self.width, self.height, mask_period_px(self.adapter, self.width))
        if mask is not None:
            out *= mask[y0:y1]
        np.minimum(out, 1.0, out=out)  # the spot saturates: a bright line widens instead
        out += glow
        out *= np.float32(ENCODE_STEPS - 1)
        np.minimum(out, ENCODE_STEPS - 1, out=out)
        self._out[y0:y1] = np.take(_to_srgb(), out.astype(np.uint16))
        self.rows_rendered += y1 - y0
        return self._out

    def _maps(self, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
        """Display column -> native column, display row -> nearest native line (nearest neighbour)."""
        cols = np.minimum(((np.arange(self.width) + 0.5) * w / self.width).astype(np.intp), w - 1)
        near = np.minimum(((np.arange(self.height) + 0.5) * h / self.height).astype(np.intp), h - 1)
        return cols, near

    def _afterglow(self, lin: np.ndarray, t: float) -> np.ndarray:
        """The light now: what the beam just drew, or the fading glow of what it drew before."""
        if self._glow is None or self._glow.shape != lin.shape or self._t is None or t < self._t:
            self._glow, self._t = lin.copy(), t
            self.fading = False
            return lin
        fade = math.exp(-self.rate * (t - self._t))
        glow = np.maximum(lin, self._glow * np.float32(fade))
        self.fading = bool((glow - lin).max() > SETTLED)
        self._glow, self._t = glow, t
        result: np.ndarray = glow
        return result


def crt_display(frame: np.ndarray, adapter: Adapter | str, monitor: str = "color", scale: int = 2,
                border: bool = True) -> np.ndarray:
    """One frame with the CRT look at the 4:3 display size of whole `scale` (a screenshot)."""
    from .capture import display_size

    return CrtPicture(adapter, monitor, display_size(adapter, scale, border)).render(frame).copy()
