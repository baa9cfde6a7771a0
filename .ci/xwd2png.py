#!/usr/bin/env python3
"""xwd2png.py IN.xwd OUT.png — an X Window Dump as a PNG, standard library only.

.ci/flatpak takes its screenshots from the file Xvfb keeps its screen in
(`Xvfb -fbdir DIR` → DIR/Xvfb_screen0, an XWD image): no X client, no
ImageMagick in the chroot. TrueColor at 24 or 32 bits per pixel, either byte
order (what Xvfb writes at depth 24).

Prints "WIDTHxHEIGHT, N colours" so that a caller can tell a drawn window
from an empty screen (Xvfb's empty root is one colour).
"""
import struct
import sys
import zlib


def mask_shift(mask):
    """The right shift that brings a channel mask's lowest bit to bit 0."""
    shift = 0
    while mask and not mask & 1:
        mask >>= 1
        shift += 1
    return shift


def xwd_to_rgb(data):
    # The header is 25 CARD32 fields, most significant byte first as Xvfb
    # writes it; a header_size that reads absurd means the other order.
    order = ">" if struct.unpack(">I", data[:4])[0] < 0x10000 else "<"
    h = struct.unpack(order + "25I", data[:100])
    header_size, width, height = h[0], h[4], h[5]
    byte_order, bpp, bytes_per_line = h[7], h[11], h[12]
    visual_class, red_mask, green_mask, blue_mask, ncolors = h[13], h[14], h[15], h[16], h[19]
    if visual_class not in (4, 5) or bpp not in (24, 32):  # TrueColor, DirectColor
        raise ValueError(f"visual class {visual_class} at {bpp} bits per pixel is not handled")
    offset = header_size + 12 * ncolors  # the colour map follows the header (12 bytes each)
    step = bpp // 8
    pixel = "<I" if byte_order == 0 else ">I"
    shifts = [mask_shift(m) for m in (red_mask, green_mask, blue_mask)]
    fast = step == 4 and byte_order == 0 and (red_mask, green_mask, blue_mask) == (0xFF0000, 0xFF00, 0xFF)

    rows = []
    for y in range(height):
        line = data[offset + y * bytes_per_line: offset + y * bytes_per_line + width * step]
        if fast:
            # B, G, R, X in memory: reorder by slices, not pixel by pixel
            rgb = bytearray(width * 3)
            rgb[0::3], rgb[1::3], rgb[2::3] = line[2::4], line[1::4], line[0::4]
        else:
            rgb = bytearray()
            for x in range(width):
                raw = line[x * step:(x + 1) * step]
                if step == 3:
                    raw = raw + b"\0" if byte_order == 0 else b"\0" + raw
                v = struct.unpack(pixel, raw)[0]
                rgb += bytes((v & m) >> s for m, s in zip((red_mask, green_mask, blue_mask), shifts))
        rows.append(bytes(rgb))
    return width, height, rows


def png(width, height, rows):
    def chunk(tag, body):
        return (struct.pack(">I", len(body)) + tag + body +
                struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))

    raw = b"".join(b"\0" + row for row in rows)  # filter type 0 on every row
    return (b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 6)) +
            chunk(b"IEND", b""))


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: xwd2png.py IN.xwd OUT.png")
    with open(argv[1], "rb") as f:
        width, height, rows = xwd_to_rgb(f.read())
    with open(argv[2], "wb") as f:
        f.write(png(width, height, rows))
    # every 7th pixel of every 7th row is plenty to count a window's colours
    colours = {row[i:i + 3] for row in rows[::7] for i in range(0, len(row), 21)}
    print(f"{width}x{height}, {len(colours)} colours")


if __name__ == "__main__":
    main(sys.argv)
