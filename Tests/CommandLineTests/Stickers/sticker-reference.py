# SPDX-License-Identifier: GPL-3.0-or-later
# The independent side of StickerCompositeTests: Pillow makes the pictures, ImageMagick composites
# the sticker (scaled, turned, at the opacity), and Pillow measures MemeMe's meme against both.
import math
import subprocess
import sys

from PIL import Image


def make(folder):
    width, height = 320, 240
    base = Image.new("RGB", (width, height))
    base.putdata([((x * 3 + y) % 256, (y * 2) % 256, (x * y // 64) % 256)
                  for y in range(height) for x in range(width)])
    base.save(folder + "/base.png")
    clear = Image.new("RGBA", (width, height))
    # Opaque, half see-through and fully clear areas, with colour under each.
    clear.putdata([((x * 3) % 256, (y * 2) % 256, 90, 255 if x < 100 else (128 if x < 220 else 0))
                   for y in range(height) for x in range(width)])
    clear.save(folder + "/clear.png")
    # A smooth sticker whose alpha fades to nothing at its edges: where the two composites put its
    # edge half a pixel apart, they still agree.
    side_x, side_y = 64, 48
    sticker = Image.new("RGBA", (side_x, side_y))
    pixels = []
    for y in range(side_y):
        for x in range(side_x):
            fade = math.sin(math.pi * (x + 0.5) / side_x) * math.sin(math.pi * (y + 0.5) / side_y)
            pixels.append((int(255 * x / side_x), 40 + int(180 * y / side_y), 200,
                           int(round(255 * min(1.0, 1.6 * fade)))))
    sticker.putdata(pixels)
    sticker.save(folder + "/sticker.png")


def composite(folder, base, x, y, width, height, angle, opacity, out):
    """ImageMagick's composite of the sticker over `base`, its centre at the box's centre."""
    turned = ["(", folder + "/sticker.png", "-resize", "%dx%d!" % (width, height), "-background", "none",
              "-rotate", str(angle), "-channel", "A", "-evaluate", "multiply", str(opacity), "+channel", ")"]
    size = subprocess.run(["/usr/bin/convert"] + turned + ["-format", "%w %h", "info:"],
                          check=True, capture_output=True, text=True).stdout.split()
    left = round(x + width / 2 - int(size[0]) / 2)
    top = round(y + height / 2 - int(size[1]) / 2)
    subprocess.run(["/usr/bin/convert", folder + "/" + base] + turned
                   + ["-geometry", "%+d%+d" % (left, top), "-compose", "over", "-composite",
                      "PNG32:" + folder + "/" + out], check=True)


def measure(meme, reference, plain, left, top, right, bottom):
    """PSNR of the meme against the reference inside the box, over premultiplied colour and alpha
    (a pixel's colour counts as much as it shows: a clear pixel's colour is no part of the picture);
    pixels outside it that differ from the meme drawn without the sticker; of those, how many differ
    in alpha."""
    meme = Image.open(meme).convert("RGBA")
    reference = Image.open(reference).convert("RGBA")
    plain = Image.open(plain).convert("RGBA")
    squared, samples, outside, alpha = 0, 0, 0, 0
    for y in range(meme.height):
        for x in range(meme.width):
            a = meme.getpixel((x, y))
            if left <= x < right and top <= y < bottom:
                b = reference.getpixel((x, y))
                for channel in range(3):
                    squared += (a[channel] * a[3] / 255 - b[channel] * b[3] / 255) ** 2
                squared += (a[3] - b[3]) ** 2
                samples += 4
            else:
                p = plain.getpixel((x, y))
                if a != p:
                    outside += 1
                if a[3] != p[3]:
                    alpha += 1
    psnr = 99.0 if squared == 0 else 10 * math.log10(255 * 255 * samples / squared)
    print("%.2f %d %d" % (psnr, outside, alpha))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    elif sys.argv[1] == "composite":
        folder, base = sys.argv[2], sys.argv[3]
        x, y, w, h, angle, opacity = (float(v) for v in sys.argv[4:10])
        composite(folder, base, x, y, int(w), int(h), angle, opacity, sys.argv[10])
    else:
        measure(sys.argv[2], sys.argv[3], sys.argv[4], *(int(v) for v in sys.argv[5:9]))
