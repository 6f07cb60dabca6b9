"""Font tables must be the IBM character generators, bit for bit."""

import hashlib
import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

from vconsole import fonts
from vconsole.fonts import FONT_NAMES, glyph_bits, load_font, parse_hex_font

# sha256 of array.tobytes(), copied from /work/shared/reference/README.md
# (section "Fonts"), where they digest the measured reference arrays.
REFERENCE_SHA256 = {
    "bios_8x8": "75c79a7e7fa423dda67ec6d6d76cec86b63f85677726368750c75b0920ddf319",
    "bios_8x14": "657ca6588b6bf729f0ed71a3d3c781a465bd30cdfb11eb5fc7e27594c0717ea1",
    "bios_8x16": "a8bad6fd78475a6bc2a05438c19207a9bb8c0f4f4099f60384e158cdc3eba580",
    "bios_8x16_9dot": "c7dd5990fa5401649cf69e9bbb4c8a51f86865939b9318281a27de7f314eda3a",
    "bios_8x14_9dot": "8531be25e06fedeaf2dc79fc635231f3a1c1cac20c78fde9f67cfa403b705da6",
    "cga_rom_8x8": "e1935cd2bfdf0188775e0bcfd9fdc263dcfb17c81fd465ce1c671269f3d6a2a3",
    "mda_rom_8x14": "87df0bb12b3da5d3adeb562f515dbe229c8c2ae998e99367b5bd5ad915ab122a",
}
ROWS = {"bios_8x8": 8, "bios_8x14": 14, "bios_8x14_9dot": 14, "bios_8x16": 16,
        "bios_8x16_9dot": 16, "cga_rom_8x8": 8, "mda_rom_8x14": 14}

# Codes whose glyphs the VGA / EGA BIOS replaces when it runs 9-dot cells.
VGA_9DOT_CODES = {0x1D, 0x30, 0x4D, 0x54, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x6D,
                  0x76, 0x77, 0x78, 0x91, 0x9B, 0x9D, 0x9E, 0xAB, 0xAC}
EGA_9DOT_CODES = {0x1D, 0x22, 0x2B, 0x2D, 0x4D, 0x54, 0x56, 0x57, 0x58, 0x59,
                  0x5A, 0x6D, 0x76, 0x77, 0x91, 0x9B, 0x9D, 0x9E, 0xF1, 0xF6}

EMPTY = "........"
DRAWN = {
    ("bios_8x16", 0x41): [EMPTY] * 2 + [
        "...#....",
        "..###...",
        ".##.##..",
        "##...##.",
        "##...##.",
        "#######.",
        "##...##.",
        "##...##.",
        "##...##.",
        "##...##.",
    ] + [EMPTY] * 4,
    ("bios_8x8", 0x41): [
        "..##....",
        ".####...",
        "##..##..",
        "##..##..",
        "######..",
        "##..##..",
        "##..##..",
        EMPTY,
    ],
    ("bios_8x16", 0xC9): [EMPTY] * 5 + [
        "..######",
        "..##....",
        "..##.###",
    ] + ["..##.##."] * 8,
    ("bios_8x8", 0xC9): [EMPTY] * 2 + [
        "..######",
        "..##....",
        "..##.###",
    ] + ["..##.##."] * 3,
    ("bios_8x16", 0x01): [EMPTY] * 2 + [
        ".######.",
        "#......#",
        "#.#..#.#",
        "#......#",
        "#......#",
        "#.####.#",
        "#..##..#",
        "#......#",
        "#......#",
        ".######.",
    ] + [EMPTY] * 4,
    ("bios_8x8", 0x01): [
        ".######.",
        "#......#",
        "#.#..#.#",
        "#......#",
        "#.####.#",
        "#..##..#",
        "#......#",
        ".######.",
    ],
    ("mda_rom_8x14", 0x41): [EMPTY] * 2 + [
        "....#...",
        "...###..",
        "..##.##.",
        ".##...##",
        ".##...##",
        ".#######",
        ".##...##",
        ".##...##",
        ".##...##",
    ] + [EMPTY] * 3,
}


def drawing(bits: np.ndarray) -> list[str]:
    return ["".join("#" if dot else "." for dot in row) for row in bits]


def differing_codes(a: str, b: str) -> set[int]:
    return set(np.flatnonzero((load_font(a) != load_font(b)).any(axis=1)).tolist())


@pytest.mark.parametrize("name", FONT_NAMES)
def test_font_is_bit_identical_to_reference(name):
    font = load_font(name)
    assert font.dtype == np.uint8 and font.shape == (256, ROWS[name])
    assert hashlib.sha256(font.tobytes()).hexdigest() == REFERENCE_SHA256[name]


def test_every_font_name_is_pinned():
    assert set(FONT_NAMES) == set(REFERENCE_SHA256)


@pytest.mark.parametrize(("name", "code"), sorted(DRAWN))
def test_known_glyph_shapes(name, code):
    assert drawing(glyph_bits(name)[code]) == DRAWN[(name, code)]


@pytest.mark.parametrize("name", FONT_NAMES)
def test_full_block_fills_the_cell_and_null_is_blank(name):
    bits = glyph_bits(name)
    assert bits[0xDB].all()
    assert not bits[0x00].any()


def test_cga_rom_differs_from_bios_8x8_in_four_glyphs():
    assert differing_codes("cga_rom_8x8", "bios_8x8") == {0x05, 0x06, 0x0F, 0x53}


def test_cga_rom_s_is_the_thin_variant():
    assert drawing(glyph_bits("cga_rom_8x8")[0x53]) == [
        ".####...", "##..##..", ".##.....", "..##....",
        "...##...", "##..##..", ".####...", EMPTY,
    ]


def test_vga_9dot_variant_replaces_only_its_table():
    assert differing_codes("bios_8x16", "bios_8x16_9dot") == VGA_9DOT_CODES


def test_ega_9dot_variant_replaces_only_its_table_with_mda_shapes():
    assert differing_codes("bios_8x14", "bios_8x14_9dot") == EGA_9DOT_CODES
    codes = sorted(EGA_9DOT_CODES)
    assert np.array_equal(load_font("bios_8x14_9dot")[codes], load_font("mda_rom_8x14")[codes])


def test_no_9dot_replacement_touches_the_line_drawing_range():
    """C0h-DFh get column 8 repeated into the 9th dot, so they keep 8-dot shapes."""
    line_drawing = set(range(0xC0, 0xE0))
    assert not (VGA_9DOT_CODES | EGA_9DOT_CODES) & line_drawing


@pytest.mark.parametrize("name", FONT_NAMES)
def test_glyph_bits_unpack_msb_first(name):
    bits = glyph_bits(name)
    assert bits.dtype == bool and bits.shape == (256, ROWS[name], 8)
    assert np.array_equal(np.packbits(bits, axis=2)[..., 0], load_font(name))


def test_arrays_are_cached_and_read_only():
    assert load_font("bios_8x16") is load_font("bios_8x16")
    assert glyph_bits("bios_8x16") is glyph_bits("bios_8x16")
    with pytest.raises(ValueError):
        load_font("bios_8x16")[0, 0] = 1
    with pytest.raises(ValueError):
        glyph_bits("bios_8x16")[0, 0, 0] = True


def test_unknown_font_name_is_refused():
    with pytest.raises(ValueError, match="unknown font"):
        load_font("../pyproject")


def test_installed_package_path_reads_same_tables(monkeypatch):
    """After pip install the tables come from vconsole/_fonts beside the module, not the checkout."""
    font_dir = Path(fonts.__file__).resolve().parent.parent / "fonts"
    monkeypatch.setattr(fonts, "_INSTALLED_FONT_DIR", font_dir)  # where a wheel puts them
    monkeypatch.setattr(fonts, "_SOURCE_FONT_DIR", Path("/nonexistent"))
    assert np.array_equal(parse_hex_font(fonts._font_text("bios_8x8")), load_font("bios_8x8"))


def test_a_package_without_either_folder_is_read_through_importlib_resources(monkeypatch):
    """A zipped package has no folder to read: the tables come from the package vconsole._fonts."""
    font_dir = Path(fonts.__file__).resolve().parent.parent / "fonts"
    spec = importlib.util.spec_from_file_location(
        "vconsole._fonts", font_dir / "__init__.py", submodule_search_locations=[str(font_dir)])
    package = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(package)
    monkeypatch.setitem(sys.modules, "vconsole._fonts", package)
    monkeypatch.setattr(fonts, "_INSTALLED_FONT_DIR", Path("/nonexistent"))
    monkeypatch.setattr(fonts, "_SOURCE_FONT_DIR", Path("/nonexistent"))
    assert np.array_equal(parse_hex_font(fonts._font_text("mda_rom_8x14")), load_font("mda_rom_8x14"))


def test_source_checkout_fallback(monkeypatch):
    import importlib.resources

    monkeypatch.delitem(sys.modules, "vconsole._fonts", raising=False)
    monkeypatch.setattr(fonts, "_INSTALLED_FONT_DIR", Path("/nonexistent"))
    monkeypatch.setattr(importlib.resources, "files",
                        lambda package: (_ for _ in ()).throw(ModuleNotFoundError(package)))
    assert np.array_equal(parse_hex_font(fonts._font_text("cga_rom_8x8")), load_font("cga_rom_8x8"))


def hex_lines(count: int, rows: int = 2) -> list[str]:
    return [f"{code:02X}:" + "A5" * rows for code in range(count)]


def test_parser_reads_comments_and_rows():
    font = parse_hex_font("# header\n\n" + "\n".join(hex_lines(256)) + "\n")
    assert font.shape == (256, 2) and (font == 0xA5).all()


@pytest.mark.parametrize("lines", [
    hex_lines(255),                                      # a glyph missing
    hex_lines(256)[1:] + hex_lines(1),                   # codes out of order
    hex_lines(255) + ["FF:A5A5A5"],                      # ragged row count
    hex_lines(255) + ["FF A5A5"],                        # no separator
])
def test_parser_rejects_malformed_tables(lines):
    with pytest.raises(ValueError):
        parse_hex_font("\n".join(lines))
