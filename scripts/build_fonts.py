#!/usr/bin/env python3
"""Rebuild fonts/*.hex from redistributable sources, bit for bit.

Sources (see fonts/README.md for licences):
  * SeaBIOS 1.16.2 ``vgasrc/vgafonts.c`` (Debian source package ``seabios``,
    public domain): the IBM-compatible BIOS fonts 8x8, 8x14 and the 8x16 that
    a VGA shows in 9-dot text mode.
  * PC-BASIC 2.0.8 wheel, ``pcbasic/data/fonts/cga_08.hex`` and ``mda_14.hex``
    (CC0): the CGA and MDA character generator ROMs.

Two variants are derived rather than copied:
  * ``bios_8x14_9dot``: the EGA BIOS keeps a short table of replacement glyphs
    that it loads when it drives a monochrome monitor in 9-dot cells. Those
    replacements are the MDA ROM's shapes, so the variant is the 8x14 font
    with ``EGA_9DOT_CODES`` taken from the MDA ROM.
  * ``bios_8x16``: SeaBIOS ships the VGA 8x16 font with the 9-dot replacements
    already merged in. ``VGA_8DOT_ORIGINALS`` restores the 19 glyphs the VGA
    BIOS's own 8-dot table holds at those codes.

Usage:
  python scripts/build_fonts.py [--seabios PATH] [--pcbasic PATH] [--out DIR]
  (without the paths, the sources are fetched with apt-get source / pip download;
  apt-get source needs a deb-src line in the apt sources)
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
SEABIOS_MEMBER = "vgasrc/vgafonts.c"
PCBASIC_VERSION = "2.0.8"
PCBASIC_FONT_DIR = "pcbasic/data/fonts/"

# Codes at which the EGA BIOS swaps in its 9-dot glyphs (IBM EGA BIOS
# alternate 8x14 table). Each replacement equals the MDA ROM glyph at that
# code; the Debian fonts-pc package (int10h.org Px437_IBM_EGA9 vs _EGA8)
# differs at exactly these codes too.
EGA_9DOT_CODES = (
    0x1D, 0x22, 0x2B, 0x2D, 0x4D, 0x54, 0x56, 0x57, 0x58, 0x59,
    0x5A, 0x6D, 0x76, 0x77, 0x91, 0x9B, 0x9D, 0x9E, 0xF1, 0xF6,
)

# The IBM VGA BIOS 8-dot 8x16 shapes at the 19 codes where its 9-dot table
# (the version SeaBIOS carries) differs. They are the IBM shapes as measured
# for the reference arrays and agree with a rendering of Px437_IBM_VGA8 from
# Debian's fonts-pc package (check with --fonts-pc). 16 rows each, MSB left.
VGA_8DOT_ORIGINALS = {
    0x1D: "0000000000286CFE6C28000000000000",
    0x30: "0000386CC6C6D6D6C6C66C3800000000",
    0x4D: "0000C6EEFEFED6C6C6C6C6C600000000",
    0x54: "00007E7E5A1818181818183C00000000",
    0x56: "0000C6C6C6C6C6C6C66C381000000000",
    0x57: "0000C6C6C6C6D6D6D6FEEE6C00000000",
    0x58: "0000C6C66C7C38387C6CC6C600000000",
    0x59: "0000666666663C181818183C00000000",
    0x5A: "0000FEC6860C183060C2C6FE00000000",
    0x6D: "0000000000ECFED6D6D6D6C600000000",
    0x76: "000000000066666666663C1800000000",
    0x77: "0000000000C6C6D6D6D6FE6C00000000",
    0x78: "0000000000C66C3838386CC600000000",
    0x91: "0000000000CC76367ED8D86E00000000",
    0x9B: "0018183C66606060663C181800000000",
    0x9D: "000066663C187E187E18181800000000",
    0x9E: "00F8CCCCF8C4CCDECCCCCCC600000000",
    0xAB: "00C0C0C2C6CC183060DC860C183E0000",
    0xAC: "00C0C0C2C6CC183066CE9E3E06060000",
}

# sha256 of each array's tobytes(); the values the project's reference data
# lists. A rebuild that does not reproduce them is refused.
EXPECTED_SHA256 = {
    "bios_8x8": "75c79a7e7fa423dda67ec6d6d76cec86b63f85677726368750c75b0920ddf319",
    "bios_8x14": "657ca6588b6bf729f0ed71a3d3c781a465bd30cdfb11eb5fc7e27594c0717ea1",
    "bios_8x14_9dot": "8531be25e06fedeaf2dc79fc635231f3a1c1cac20c78fde9f67cfa403b705da6",
    "bios_8x16": "a8bad6fd78475a6bc2a05438c19207a9bb8c0f4f4099f60384e158cdc3eba580",
    "bios_8x16_9dot": "c7dd5990fa5401649cf69e9bbb4c8a51f86865939b9318281a27de7f314eda3a",
    "cga_rom_8x8": "e1935cd2bfdf0188775e0bcfd9fdc263dcfb17c81fd465ce1c671269f3d6a2a3",
    "mda_rom_8x14": "87df0bb12b3da5d3adeb562f515dbe229c8c2ae998e99367b5bd5ad915ab122a",
}

SEABIOS_NOTE = ("SeaBIOS 1.16.2 vgasrc/vgafonts.c (Debian source package seabios); "
                "public domain per Debian's copyright file")
PCBASIC_NOTE = (f"PC-BASIC {PCBASIC_VERSION} wheel, {PCBASIC_FONT_DIR}{{}}; "
                "CC0 (see that folder's LICENSE.md)")

HEADERS = {
    "bios_8x8": ["IBM EGA/VGA BIOS 8x8 font", "source: " + SEABIOS_NOTE + ", array vgafont8"],
    "bios_8x14": ["IBM EGA BIOS 8x14 font", "source: " + SEABIOS_NOTE + ", array vgafont14"],
    "bios_8x14_9dot": [
        "IBM EGA BIOS 8x14 font with its 9-dot replacement glyphs (mono monitor)",
        "source: " + SEABIOS_NOTE + ", array vgafont14,",
        "with the glyphs at the EGA 9-dot codes taken from the MDA ROM:",
        PCBASIC_NOTE.format("mda_14.hex"),
    ],
    "bios_8x16": [
        "IBM VGA BIOS 8x16 font, 8-dot shapes",
        "source: " + SEABIOS_NOTE + ", array vgafont16,",
        "with the 19 glyphs listed in scripts/build_fonts.py (VGA_8DOT_ORIGINALS)",
        "put back to the IBM 8-dot shapes",
    ],
    "bios_8x16_9dot": [
        "IBM VGA BIOS 8x16 font with its 9-dot replacement glyphs (720x400 text)",
        "source: " + SEABIOS_NOTE + ", array vgafont16",
    ],
    "cga_rom_8x8": ["IBM CGA character ROM, 8x8", "source: " + PCBASIC_NOTE.format("cga_08.hex")],
    "mda_rom_8x14": ["IBM MDA character ROM, 8x14 (shown in 9x14 cells)",
                     "source: " + PCBASIC_NOTE.format("mda_14.hex")],
}


def c_array(source: str, name: str, rows: int) -> np.ndarray:
    """Pull one ``u8 name[...] = {...};`` table out of vgafonts.c."""
    match = re.search(r"\b" + re.escape(name) + r"\s*\[[^\]]*\][^=]*=\s*\{(.*?)\};", source, re.S)
    if match is None:
        raise ValueError(f"array {name} not found in vgafonts.c")
    body = re.sub(r"/\*.*?\*/|//[^\n]*", "", match.group(1), flags=re.S)
    values = [int(token, 16) for token in re.findall(r"0x[0-9a-fA-F]{1,2}\b", body)]
    if len(values) != 256 * rows:
        raise ValueError(f"{name}: {len(values)} bytes, expected {256 * rows}")
    return np.array(values, dtype=np.uint8).reshape(256, rows)


def pcbasic_hex(text: str, rows: int) -> np.ndarray:
    """Parse a PC-BASIC .hex font: 256 ``UNICODE:HEXROWS`` lines in CP437 order."""
    glyphs = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        _, hexrows = line.split(":", 1)
        glyph = bytes.fromhex(hexrows)
        if len(glyph) != rows:
            raise ValueError(f"glyph {len(glyphs)}: {len(glyph)} rows, expected {rows}")
        glyphs.append(glyph)
    if len(glyphs) != 256:
        raise ValueError(f"{len(glyphs)} glyphs, expected 256")
    return np.frombuffer(b"".join(glyphs), dtype=np.uint8).reshape(256, rows).copy()


def read_seabios(path: Path) -> str:
    """Accept vgafonts.c itself, the upstream tarball, or an unpacked tree."""
    if path.is_dir():
        return (path / SEABIOS_MEMBER).read_text()
    if tarfile.is_tarfile(path):
        with tarfile.open(path) as tar:
            for member in tar.getmembers():
                if member.name.endswith("/" + SEABIOS_MEMBER):
                    return tar.extractfile(member).read().decode()
        raise ValueError(f"{SEABIOS_MEMBER} not in {path}")
    return path.read_text()


def read_pcbasic(path: Path, filename: str) -> str:
    """Accept the wheel or a directory holding the .hex files."""
    if path.is_dir():
        return (path / filename).read_text()
    with zipfile.ZipFile(path) as wheel:
        return wheel.read(PCBASIC_FONT_DIR + filename).decode()


def fetch_seabios(workdir: Path) -> Path:
    subprocess.run(["apt-get", "source", "--download-only", "seabios"], cwd=workdir, check=True)
    tarballs = sorted(workdir.glob("seabios_*.orig.tar.*"))
    if not tarballs:
        raise SystemExit("apt-get source seabios gave no orig tarball (deb-src line missing?)")
    return tarballs[-1]


def fetch_pcbasic(workdir: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps",
                    f"pcbasic=={PCBASIC_VERSION}", "-d", str(workdir)], check=True)
    return next(workdir.glob(f"pcbasic-{PCBASIC_VERSION}-*.whl"))


def build(seabios_c: str, cga_hex: str, mda_hex: str) -> dict[str, np.ndarray]:
    bios8 = c_array(seabios_c, "vgafont8", 8)
    bios14 = c_array(seabios_c, "vgafont14", 14)
    bios16_9 = c_array(seabios_c, "vgafont16", 16)
    cga = pcbasic_hex(cga_hex, 8)
    mda = pcbasic_hex(mda_hex, 14)

    bios14_9 = bios14.copy()
    codes = list(EGA_9DOT_CODES)
    bios14_9[codes] = mda[codes]

    bios16 = bios16_9.copy()
    for code, hexrows in VGA_8DOT_ORIGINALS.items():
        bios16[code] = np.frombuffer(bytes.fromhex(hexrows), dtype=np.uint8)

    return {
        "bios_8x8": bios8,
        "bios_8x14": bios14,
        "bios_8x14_9dot": bios14_9,
        "bios_8x16": bios16,
        "bios_8x16_9dot": bios16_9,
        "cga_rom_8x8": cga,
        "mda_rom_8x14": mda,
    }


def hex_text(name: str, font: np.ndarray) -> str:
    lines = [f"# {line}" for line in HEADERS[name]]
    lines.append("# format: CP437 code, colon, one byte per pixel row (MSB = leftmost pixel)")
    lines += [f"{code:02X}:{font[code].tobytes().hex().upper()}" for code in range(256)]
    return "\n".join(lines) + "\n"


def sha256(font: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(font, dtype=np.uint8).tobytes()).hexdigest()


def render_px437(ttf_path: Path, rows: int) -> np.ndarray:
    """Rasterise an int10h.org Px437 TrueType font into 8-pixel-wide glyph rows."""
    from PIL import Image, ImageDraw, ImageFont

    controls = "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼"
    chars = [controls[c] if c < 32 else "⌂" if c == 127 else bytes([c]).decode("cp437")
             for c in range(256)]
    font = ImageFont.truetype(str(ttf_path), rows)
    out = np.zeros((256, rows), dtype=np.uint8)
    for code, char in enumerate(chars):
        image = Image.new("1", (8, rows))
        draw = ImageDraw.Draw(image)
        draw.fontmode = "1"
        draw.text((0, 0), char, font=font, fill=1)
        out[code] = np.packbits(np.array(image, dtype=np.uint8), axis=1)[:, 0]
    return out


def check_against_fonts_pc(path: Path, bios16: np.ndarray) -> None:
    """Confirm VGA_8DOT_ORIGINALS against Debian fonts-pc (orig tarball or TTF)."""
    if tarfile.is_tarfile(path):
        with tarfile.open(path) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith("/Px437_IBM_VGA8.ttf"))
            data = tar.extractfile(member).read()
        with tempfile.NamedTemporaryFile(suffix=".ttf") as tmp:
            tmp.write(data)
            tmp.flush()
            rendered = render_px437(Path(tmp.name), 16)
    else:
        rendered = render_px437(path, 16)
    codes = sorted(VGA_8DOT_ORIGINALS)
    bad = [f"{c:02X}" for c in codes if not np.array_equal(rendered[c], bios16[c])]
    if bad:
        raise SystemExit(f"fonts-pc Px437_IBM_VGA8 disagrees at {bad}")
    print(f"fonts-pc Px437_IBM_VGA8 agrees on all {len(codes)} 8-dot glyphs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seabios", type=Path,
                        help="vgafonts.c, SeaBIOS source tarball or unpacked tree")
    parser.add_argument("--pcbasic", type=Path,
                        help="pcbasic 2.0.8 wheel or its data/fonts directory")
    parser.add_argument("--fonts-pc", type=Path,
                        help="optional: Debian fonts-pc orig tarball or Px437_IBM_VGA8.ttf, "
                             "to cross-check the 8-dot glyph list (needs Pillow)")
    parser.add_argument("--out", type=Path, default=REPO / "fonts")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        seabios = args.seabios or fetch_seabios(workdir)
        pcbasic = args.pcbasic or fetch_pcbasic(workdir)
        fonts = build(read_seabios(seabios),
                      read_pcbasic(pcbasic, "cga_08.hex"),
                      read_pcbasic(pcbasic, "mda_14.hex"))

    wrong = {name: sha256(font) for name, font in fonts.items()
             if sha256(font) != EXPECTED_SHA256[name]}
    if wrong:
        for name, digest in wrong.items():
            print(f"{name}: got {digest}, expected {EXPECTED_SHA256[name]}", file=sys.stderr)
        return 1
    if args.fonts_pc:
        check_against_fonts_pc(args.fonts_pc, fonts["bios_8x16"])

    args.out.mkdir(parents=True, exist_ok=True)
    for name, font in fonts.items():
        (args.out / f"{name}.hex").write_text(hex_text(name, font))
        print(f"{name:16s} {font.shape[0]}x{font.shape[1]:<3d} sha256 {sha256(font)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
