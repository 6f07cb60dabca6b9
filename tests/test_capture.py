"""The displayed picture: PNG files, the 4:3 shape and the row map that spreads native lines over it.

Sizes are worked out by hand from the adapters' native sizes (CGA 640x200,
EGA 640x350, VGA 720x400, MDA/Hercules 720x350) and their border bands
(CGA 32x10, EGA 32x18, VGA 36x20 pixels/lines a side, mono cards none): the
active area is scale*width across and exactly 3/4 of that down, the bands
stretched by the same factors.
"""
import math

import numpy as np
import pytest

from vconsole.adapters import ADAPTERS, CGA, EGA, VGA
from vconsole.capture import (
    Fit,
    display_rows,
    display_size,
    fit,
    geometry,
    load_png,
    rows_showing,
    save_png,
    scale_frame,
    sharp_coords,
    sharp_display,
    spread,
    to_display,
    whole_fit,
)
from vconsole.render import frame_size, render_frame
from vconsole.video import ScreenState

# (adapter, scale) -> (display width, height); band rows = round(native band * active stretch)
SIZES = {
    ("cga", 1): (704, 480 + 2 * 24), ("cga", 2): (1408, 960 + 2 * 48), ("cga", 3): (2112, 1440 + 2 * 72),
    ("ega", 1): (704, 480 + 2 * 25), ("ega", 2): (1408, 960 + 2 * 49), ("ega", 3): (2112, 1440 + 2 * 74),
    ("vga", 1): (792, 540 + 2 * 27), ("vga", 2): (1584, 1080 + 2 * 54), ("vga", 3): (2376, 1620 + 2 * 81),
    ("mda", 1): (720, 540), ("mda", 2): (1440, 1080), ("mda", 3): (2160, 1620),
    ("hercules", 1): (720, 540), ("hercules", 2): (1440, 1080), ("hercules", 3): (2160, 1620),
}


def _testcard(adapter, border=True):
    """A frame in which every native pixel differs from its neighbours (so a wrong row or column shows)."""
    cells = np.zeros((25, 80, 2), dtype=np.uint8)
    cells[..., 0] = (np.arange(25 * 80) % 256).reshape(25, 80)
    cells[..., 1] = ((np.arange(25 * 80) * 7) % 128).reshape(25, 80)
    return render_frame(ScreenState(cells=cells, cursor_row=25, border=3), ADAPTERS[adapter], border=border)


@pytest.mark.parametrize("adapter,scale", sorted(SIZES))
def test_display_sizes_and_a_4_3_active_area(adapter, scale):
    assert display_size(adapter, scale) == SIZES[adapter, scale]
    g = geometry(adapter, scale)
    assert g.shown_active_w * 3 == g.shown_active_h * 4
    assert display_size(adapter, scale, border=False) == (g.shown_active_w, g.shown_active_h)
    assert to_display(_testcard(adapter), adapter, scale).shape == (*SIZES[adapter, scale][::-1], 3)


@pytest.mark.parametrize("adapter,scale", sorted(SIZES))
def test_row_map_spreads_every_native_line_evenly(adapter, scale):
    g = geometry(adapter, scale)
    rows = display_rows(adapter, scale)
    assert len(rows) == g.shown_h
    assert rows[0] == 0 and rows[-1] == g.frame_h - 1 and (np.diff(rows) >= 0).all()
    assert set(np.diff(rows)) <= {0, 1}  # in order, no native line skipped
    active = rows[g.shown_band_y:g.shown_band_y + g.shown_active_h]
    assert active[0] == g.band_y and active[-1] == g.band_y + g.active_h - 1  # the active area is exact
    stretch = g.shown_active_h / g.active_h
    counts = np.bincount(active - g.band_y, minlength=g.active_h)
    assert set(counts) <= {math.floor(stretch), math.ceil(stretch)}
    # the nearest-neighbour rule: display row y shows native line floor((y + 0.5) * h / H)
    y = np.arange(g.shown_active_h)
    assert np.array_equal(active - g.band_y, np.floor((y + 0.5) * g.active_h / g.shown_active_h).astype(int))
    if g.band_y:
        band = np.bincount(rows[:g.shown_band_y], minlength=g.band_y)
        b = g.shown_band_y / g.band_y
        assert set(band) <= {math.floor(b), math.ceil(b)}


def test_cga_at_scale_1_repeats_lines_2_or_3_times_and_12_rows_per_5_lines():
    rows = display_rows("cga", 1, border=False)
    assert len(rows) == 480
    counts = np.bincount(rows)
    assert set(counts) == {2, 3}
    assert (counts.reshape(40, 5).sum(axis=1) == 12).all()  # 480 / 200 = 2.4 = 12 / 5


def test_cga_at_scale_5_is_exactly_5_by_12_pixels():
    frame = _testcard("cga")
    assert np.array_equal(to_display(frame, CGA, 5), scale_frame(frame, 5, 12))
    assert display_size("cga", 5) == (3520, 2640)


@pytest.mark.parametrize("adapter,scale,border", [("ega", 2, True), ("vga", 1, True), ("cga", 3, False),
                                                  ("mda", 2, True)])
def test_to_display_repeats_columns_and_follows_the_row_map(adapter, scale, border):
    frame = _testcard(adapter, border)
    shown = to_display(frame, adapter, scale, border=border)
    rows = display_rows(adapter, scale, border)
    cols = np.arange(shown.shape[1]) // scale
    assert np.array_equal(shown, frame[rows[:, None], cols[None, :]])


@pytest.mark.parametrize("adapter,scale", [("ega", 2), ("cga", 1), ("vga", 3)])
def test_part_of_the_display_for_changed_lines(adapter, scale):
    frame = _testcard(adapter)
    whole = to_display(frame, adapter, scale)
    rows = display_rows(adapter, scale)
    for first, last in ((0, 0), (30, 43), (100, 100), (frame.shape[0] - 5, frame.shape[0] - 1)):
        start, stop = rows_showing(first, last, adapter, scale)
        assert set(rows[start:stop]) == set(range(first, last + 1))  # those lines, all their rows
        assert (start == 0 or rows[start - 1] < first) and (stop == len(rows) or rows[stop] > last)
        assert np.array_equal(to_display(frame, adapter, scale, rows=(start, stop)), whole[start:stop])


def test_to_display_rejects_a_frame_of_the_wrong_shape():
    with pytest.raises(ValueError):
        to_display(_testcard("ega", border=False), EGA, 1)  # border band expected
    with pytest.raises(ValueError):
        to_display(_testcard("ega"), VGA, 1)
    with pytest.raises(ValueError):
        to_display(_testcard("ega"), EGA, 0)
    with pytest.raises(ValueError):
        to_display(_testcard("ega"), EGA, 1.5)


def test_active_pixel_traces_display_rows_back_to_their_lines():
    for adapter, scale in (("ega", 1), ("cga", 2), ("vga", 3)):
        g = geometry(adapter, scale)
        rows = display_rows(adapter, scale)
        for dy in range(g.shown_h):
            nx, ny = g.active_pixel(g.shown_band_x + 5 * scale + scale - 1, dy)
            assert nx == 5
            if g.shown_band_y <= dy < g.shown_band_y + g.shown_active_h:
                assert ny + g.band_y == rows[dy]
            else:
                assert ny < 0 or ny >= g.active_h  # over the band: outside the active area
    assert spread(np.arange(6), 2, 6).tolist() == [0, 0, 0, 1, 1, 1]
    assert spread(-1, 200, 480) < 0 and spread(480, 200, 480) == 200


# -- any size: the largest 4:3 picture, sharp bilinear ------------------------------------------------------

@pytest.mark.parametrize("adapter,scale", sorted(SIZES))
def test_fit_of_a_whole_scale_size_is_that_scale(adapter, scale):
    assert fit(*SIZES[adapter, scale], adapter) == whole_fit(adapter, scale)
    w, h = SIZES[adapter, scale]
    assert fit(w - 1, h, adapter).active_w < whole_fit(adapter, scale).active_w  # and nothing larger fits


@pytest.mark.parametrize("adapter", ["cga", "ega", "vga", "mda"])
@pytest.mark.parametrize("area", [(1280, 1024), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160), (300, 200)])
def test_fit_is_the_largest_exact_4_3_picture(adapter, area):
    f = fit(*area, adapter)
    assert f.active_w % 4 == 0 and f.active_w * 3 == f.active_h * 4
    assert f.width <= area[0] and f.height <= area[1]
    bigger = fit(10 ** 5, 10 ** 5, adapter)  # the band rule at any size: the native band in proportion
    a = ADAPTERS[adapter]
    assert f.band_x == round(a.band()[0] * f.active_w / a.width)
    assert f.band_y == round(a.band()[1] * f.active_h / a.height)
    m = f.active_w // 4 + 1  # one step larger no longer fits
    bx, by = round(a.band()[0] * 4 * m / a.width), round(a.band()[1] * 3 * m / a.height)
    assert 4 * m + 2 * bx > area[0] or 3 * m + 2 * by > area[1]
    assert bigger.active_w > f.active_w


def test_sharp_coords_sample_texel_centres_with_at_most_one_blend_per_edge():
    for shown, native, band in ((978, 350, 18), (1304, 640, 32), (873, 200, 10), (1164, 720, 36), (1962, 400, 20)):
        c = sharp_coords(shown, native, band)
        assert c[0] >= band and c[-1] <= band + native and (np.diff(c) >= 0).all()
        centre = np.isclose(c - np.floor(c), 0.5)
        texel = np.floor(c).astype(int) - band
        # a display pixel is a native pixel's own colour, or the one blend where two meet
        blends = np.flatnonzero(~centre)
        assert (np.bincount(np.floor(c[blends] - 0.5).astype(int) - band, minlength=native) <= 1).all()
        shown_per_native = np.bincount(texel[centre], minlength=native)
        scale = shown / native
        assert shown_per_native.min() >= math.floor(scale) - 1 and shown_per_native.max() <= math.ceil(scale)
    assert np.allclose(sharp_coords(6, 2), [0.5, 0.5, 0.5, 1.5, 1.5, 1.5])  # whole scales are nearest-neighbour


def test_sharp_display_at_whole_factors_repeats_pixels_exactly():
    frame = _testcard("ega")
    active = frame[18:18 + 350, 32:32 + 640]
    assert np.array_equal(sharp_display(frame, "ega", Fit(1280, 1050, 64, 54)), scale_frame(active, 2, 3))
    assert np.array_equal(sharp_display(frame, "ega", Fit(640, 350, 32, 18)), active)


@pytest.mark.parametrize("adapter,size", [("ega", (1920, 1080)), ("cga", (1366, 768)), ("vga", (1280, 1024))])
def test_sharp_display_is_never_blurry(adapter, size):
    """Every display pixel is the colour of the native pixel under it, or lies between it and a neighbour
    (the one pixel where they meet): no colour bleeds further, nothing from two pixels away."""
    frame = _testcard(adapter).astype(int)
    f = fit(*size, adapter)
    shown = sharp_display(_testcard(adapter), adapter, f).astype(int)
    bx, by = ADAPTERS[adapter].band()
    a = ADAPTERS[adapter]
    xs, ys = sharp_coords(f.active_w, a.width, bx), sharp_coords(f.active_h, a.height, by)
    x0, y0 = np.floor(xs - 0.5).astype(int), np.floor(ys - 0.5).astype(int)
    corners = [frame[np.clip(y0 + dy, 0, None)[:, None], np.clip(x0 + dx, 0, None)[None, :]]
               for dy in (0, 1) for dx in (0, 1)]
    lo, hi = np.minimum.reduce(corners), np.maximum.reduce(corners)
    assert ((shown >= lo) & (shown <= hi)).all()
    exact = np.isclose(xs % 1, 0.5)[None, :] & np.isclose(ys % 1, 0.5)[:, None]
    nearest = frame[np.floor(ys).astype(int)[:, None], np.floor(xs).astype(int)[None, :]]
    assert np.array_equal(shown[exact], nearest[exact])
    # along each axis all but one display pixel per native pixel is flat native colour
    for c, native, shown_n in ((xs, ADAPTERS[adapter].width, f.active_w), (ys, ADAPTERS[adapter].height, f.active_h)):
        assert np.isclose(c % 1, 0.5).sum() >= shown_n - native


# -- PNG files ---------------------------------------------------------------------------------------------

def test_png_round_trip_and_whole_number_scaling(tmp_path):
    f = _testcard("vga")
    path = save_png(f, tmp_path / "shot.png")
    assert np.array_equal(load_png(path), f)
    big = load_png(save_png(f, tmp_path / "big.png", scale=(2, 3)))
    assert big.shape == (f.shape[0] * 3, f.shape[1] * 2, 3)
    assert np.array_equal(big[::3, ::2], f) and np.array_equal(big[2::3, 1::2], f)
    shown = load_png(save_png(to_display(f, VGA, 2), tmp_path / "shown.png"))
    assert np.array_equal(shown, to_display(f, VGA, 2))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.png", "shot.png", "shown.png"]  # no temp files


def test_save_png_replaces_atomically_and_cleans_up_on_error(tmp_path):
    target = tmp_path / "shot.png"
    good = _testcard("ega")
    save_png(good, target)
    with pytest.raises(ValueError):
        save_png(np.zeros((4, 4), dtype=np.uint8), target)
    with pytest.raises(ValueError):
        save_png(good, target, scale=0)
    assert np.array_equal(load_png(target), good)
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]


def test_scale_frame_repeats_whole_numbers_only():
    tiny = np.arange(12, dtype=np.uint8).reshape(2, 2, 3)
    assert scale_frame(tiny, 3, 2).shape == (4, 6, 3)
    assert (scale_frame(tiny, 3, 2)[3, 5] == tiny[1, 1]).all()
    with pytest.raises(ValueError):
        scale_frame(tiny, 1.5, 1)


def test_frame_sizes_agree_with_the_geometry():
    for name in ADAPTERS:
        g = geometry(name, 1)
        assert (g.frame_w, g.frame_h) == frame_size(name)
        assert (geometry(name, 1, border=False).frame_w, geometry(name, 1, border=False).frame_h) == \
            frame_size(name, border=False)


# -- the command line's --scale ------------------------------------------------------------------------------

def test_render_command_with_scale_writes_the_4_3_display(tmp_path):
    from vconsole import cli

    dump = tmp_path / "screen.bin"
    dump.write_bytes(bytes(range(256)) * 15 + bytes(160))  # 4000 bytes: assorted characters and attributes
    native, shown = tmp_path / "n.png", tmp_path / "s.png"
    assert cli.main(["render", str(dump), "--display", "cga", "--png", str(native)]) == 0
    assert cli.main(["render", str(dump), "--display", "cga", "--png", str(shown), "--scale", "3"]) == 0
    assert load_png(native).shape == (220, 704, 3)  # without --scale: the card's own pixels
    assert np.array_equal(load_png(shown), to_display(load_png(native), CGA, 3))


def test_headless_screenshot_with_scale_writes_the_4_3_display(tmp_path):
    from vconsole import cli

    shots = {}
    for scale in (None, 2):
        out = tmp_path / f"shot{scale}.png"
        extra = ["--scale", str(scale)] if scale else []
        assert cli.main(["--headless", "--display", "vga", "--keys", '"ver" Enter', "--drive", str(tmp_path / "C"),
                         "--screenshot", str(out), *extra]) == 0
        shots[scale] = load_png(out)
    assert shots[None].shape == (440, 792, 3)
    assert np.array_equal(shots[2], to_display(shots[None], VGA, 2))
