"""Draw the app's icons (web/ledger_web/static/icon-192.png, icon-512.png): a Vitality disk
of ten chips, three on the wounded side, on the header's slate. Full-bleed, with the disk
inside the central 80 % circle, so one picture serves as "any" and as "maskable".

Run it again after changing the drawing: ``python web/tools/draw_icons.py``. It needs only
the standard library (the PNG is written by hand: one IDAT, no filter), so the icons can be
redrawn wherever the project's tests run."""

import math
import struct
import sys
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "ledger_web" / "static"
SIZES = (192, 512)
SLATE = (0x24, 0x32, 0x3F)  # header.top's background
FACE = (0xDF, 0xE9, 0xF8)
BLUE = (0x1F, 0x5F, 0xBF)
RED = (0xC0, 0x39, 0x2B)
WHITE = (0xFF, 0xFF, 0xFF)
CHIPS, WOUNDED = 10, 3
SAMPLES = 3  # per axis: anti-aliased edges


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in the unit square, centre (0.5, 0.5)."""
    dx, dy = x - 0.5, y - 0.5
    r = math.hypot(dx, dy)
    angle = math.atan2(dx, -dy) % (2 * math.pi)  # clockwise from the top
    step = 2 * math.pi / CHIPS
    nearest = round(angle / step) % CHIPS
    cx = 0.5 + 0.27 * math.sin(nearest * step)
    cy = 0.5 - 0.27 * math.cos(nearest * step)
    if math.hypot(x - cx, y - cy) < 0.052:
        return RED if nearest >= CHIPS - WOUNDED else BLUE
    if math.hypot(x - cx, y - cy) < 0.066:
        return WHITE
    if r < 0.34:
        return BLUE if r > 0.325 else FACE
    return SLATE


def pixels(size: int) -> bytes:
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # filter: none
        for i in range(size):
            total = [0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    x = (i + (si + 0.5) / SAMPLES) / size
                    y = (j + (sj + 0.5) / SAMPLES) / size
                    for k, value in enumerate(colour_at(x, y)):
                        total[k] += value
            rows.extend(round(value / SAMPLES**2) for value in total)
    return bytes(rows)


def png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels(size), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    for size in SIZES:
        target = STATIC / f"icon-{size}.png"
        target.write_bytes(png(size))
        sys.stdout.write(f"{target}\n")


if __name__ == "__main__":
    main()
