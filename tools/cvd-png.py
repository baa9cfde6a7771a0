#!/usr/bin/env python3
"""cvd-png.py IN.png OUT-PREFIX [crop x y w h scale] — colour-vision deficiency
versions of a screenshot (Machado et al. 2009, severity 1.0, on linear sRGB,
the same matrices as tests/ui/pj-test-cvd.h): OUT-PREFIX-protan.png, -deutan
and -tritan, and OUT-PREFIX-4up.png, the original and the three side by
side. With a crop, the part x, y, w × h scaled up `scale` times (and
OUT-PREFIX-normal.png, the crop as it is). Standard library only: reads
8-bit RGB/RGBA non-interlaced PNGs, writes RGB PNGs."""
import struct, sys, zlib

M = {
    'protan': [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    'deutan': [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    'tritan': [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}

def read_png(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    px = [[tuple(r[x * bpp:x * bpp + 3]) if bpp == 3 or r[x * bpp + 3] == 255 else
           tuple(int(r[x * bpp + k] * r[x * bpp + 3] / 255 + 255 * (1 - r[x * bpp + 3] / 255)) for k in range(3))
           for x in range(w)] for r in rows]
    return w, h, px

def write_png(path, w, h, px):
    raw = b''.join(b'\0' + bytes(v for p in row for v in p) for row in px)
    def chunk(k, b): return struct.pack('>I', len(b)) + k + b + struct.pack('>I', zlib.crc32(k + b) & 0xffffffff)
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))

TO_LIN = [((c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4) for c in range(256)]
def to_srgb(v):
    v = min(1.0, max(0.0, v))
    return int(round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)))

def simulate(px, m):
    cache = {}
    out = []
    for row in px:
        o = []
        for p in row:
            q = cache.get(p)
            if q is None:
                l = [TO_LIN[c] for c in p]
                q = tuple(to_srgb(sum(m[i][j] * l[j] for j in range(3))) for i in range(3))
                cache[p] = q
            o.append(q)
        out.append(o)
    return out

w, h, px = read_png(sys.argv[1])
prefix = sys.argv[2]
if len(sys.argv) > 3:
    x0, y0, cw, ch, s = map(int, sys.argv[3:8])
    px = [[px[y0 + y // s][x0 + x // s] for x in range(cw * s)] for y in range(ch * s)]
    w, h = cw * s, ch * s
    write_png(prefix + '-normal.png', w, h, px)
views = [px]
for name, m in M.items():
    views.append(simulate(px, m))
    write_png(prefix + '-' + name + '.png', w, h, views[-1])
gap = [(255, 255, 255)] * 6
write_png(prefix + '-4up.png', 4 * w + 3 * len(gap), h,
          [sum((v[y] + (gap if i < 3 else []) for i, v in enumerate(views)), []) for y in range(h)])
