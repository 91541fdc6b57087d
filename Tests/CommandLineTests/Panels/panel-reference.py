#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The reference a panel meme is compared with: four pictures made with Pillow, each cover-fitted to
a cell by ImageMagick (convert -resize WxH^ -gravity center -extent WxH) and tiled by montage.

  make FOLDER                  four pictures of different sizes and shapes, a.png to d.png
  montage FOLDER W H           FOLDER/reference.png: the four, cover-fitted, tiled 2x2 (W x H cells)
  measure MEME REFERENCE W H G R,G,B
                               each cell's PSNR against the reference's, then how many gutter pixels
                               (G wide, between the cells) are not exactly R,G,B
  describe FILE                the PNG's Description text
"""
import math
import subprocess
import sys

from PIL import Image, ImageChops, ImageDraw, ImageStat

SIZES = {"a": (640, 480), "b": (800, 600), "c": (700, 400), "d": (500, 600)}


def make(folder):
    for index, (name, (width, height)) in enumerate(SIZES.items()):
        picture = Image.new("RGB", (width, height))
        pixels = picture.load()
        for y in range(height):
            for x in range(width):
                pixels[x, y] = (
                    (x * 255 // width + 60 * index) % 256,
                    (y * 255 // height + 30 * index) % 256,
                    ((x + y) * 127 // (width + height) + 90 * index) % 256,
                )
        draw = ImageDraw.Draw(picture)
        # Shapes that show where the picture was cut and how it was scaled.
        draw.ellipse((width * 0.3, height * 0.3, width * 0.7, height * 0.7), fill=(250, 250, 250))
        draw.rectangle((width * 0.05, height * 0.1, width * 0.2, height * 0.4), fill=(20, 20, 120 + 30 * index))
        draw.line((0, height - 1, width - 1, 0), fill=(0, 0, 0), width=9)
        picture.save(f"{folder}/{name}.png")


def montage(folder, width, height):
    cells = []
    for name in SIZES:
        cell = f"{folder}/{name}-cell.png"
        subprocess.run(
            ["/usr/bin/convert", f"{folder}/{name}.png", "-resize", f"{width}x{height}^", "-gravity", "center",
             "-extent", f"{width}x{height}", cell], check=True)
        cells.append(cell)
    subprocess.run(
        ["/usr/bin/montage", *cells, "-tile", "2x2", "-geometry", f"{width}x{height}+0+0",
         f"{folder}/reference.png"], check=True)


def psnr(first, second):
    rms = ImageStat.Stat(ImageChops.difference(first, second)).rms
    mse = sum(r * r for r in rms) / 3
    return 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def measure(meme_path, reference_path, width, height, gutter, colour):
    meme = Image.open(meme_path).convert("RGB")
    reference = Image.open(reference_path).convert("RGB")
    values = []
    for row in range(2):
        for column in range(2):
            x, y = column * (width + gutter), row * (height + gutter)
            cell = meme.crop((x, y, x + width, y + height))
            values.append(psnr(cell, reference.crop((column * width, row * height, (column + 1) * width,
                                                     (row + 1) * height))))
    pixels = meme.load()
    wrong = 0
    for y in range(meme.height):
        for x in range(meme.width):
            in_gutter = width <= x < width + gutter or height <= y < height + gutter
            if in_gutter and pixels[x, y] != colour:
                wrong += 1
    print(" ".join(f"{value:.2f}" for value in values), wrong)


def main():
    command = sys.argv[1]
    if command == "make":
        make(sys.argv[2])
    elif command == "montage":
        montage(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif command == "measure":
        colour = tuple(int(part) for part in sys.argv[7].split(","))
        measure(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), colour)
    elif command == "describe":
        print(Image.open(sys.argv[2]).info.get("Description", ""), end="")


main()
