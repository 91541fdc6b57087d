// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import MemeVideo

/// What `mememe render --help` says under the options: how the output is sized, laid out and
/// written.
let renderDiscussion = """
  The output has the input's own pixel size (after EXIF orientation) unless --width is given; \
  --crop, --rotate and --flip cut and turn the upright picture first, in that order, and the \
  captions are laid out on the result. \
  Its format comes from --format or from OUTPUT's extension (.png, .jpg, .jpeg, .gif, .webp, .mp4, \
  .webm); with \
  -o -, the meme goes to standard output, as PNG unless --format says otherwise. \
  As GIF or WebP, an animated GIF or WebP keeps every frame, its delays and how often it plays, \
  with the captions drawn on every frame (a still picture becomes one frame); as PNG or JPEG, an \
  animation gives its first frame, with a note on standard error. \(animationLimitsSentence) \
  A video (MP4, MOV, Matroska or WebM; at most 10 minutes) written as .mp4 (H.264 and AAC, its index \
  first) or .webm (VP9 and Opus) has the captions on every frame and keeps its frames' times and \
  its sound, packet for packet when the whole video plays at its speed; --trim START,END keeps a \
  part, --speed X (0.25 to 4) plays it faster or slower with the sound's pitch kept, --mute \
  leaves the sound out, and --reverse plays the kept part backwards, each frame for as long as it \
  lasted going forwards, without sound (sound played backwards is noise; the video is read a \
  stretch at a time from its end, so memory stays bounded). A video clip that plays at most \
  \(Int(VideoAnimationExporter.longestClip)) s (after --trim and --speed) can also be written as \
  .gif or .webp: no sound, at most \(Int(VideoAnimationExporter.maximumFrameRate)) frames a second, each shown \
  until the next one starts, at most \(VideoAnimationExporter.longestSide) pixels on its longer side \
  unless --width is given, played for ever unless --loop says otherwise. An odd width or height is padded by one pixel. No metadata of the source \
  (a phone's location, its make) is written, only the description. With --max-bytes, the video's \
  bitrate is chosen to land at 90 to 100 % of the limit. \
  On a GIF or WebP, --trim keeps the frames shown between its two moments (a frame reaching past one is shown for \
  the part inside), --speed divides every delay, each frame ending on the hundredth of a second \
  nearest to where it should so that a GIF lasts as long as it should, and no frame shorter than \
  \(AnimationLimits.shortestPlayedDelay) ms, which players would slow down; --reverse plays the \
  frames kept backwards, holding them all within the animation's memory limit; --loop sets how \
  many times it plays. \
  A JPEG photo written as JPEG at its own size keeps every 8×8 block no caption touches, bit for \
  bit, and only the rows under the captions are encoded again with the photo's own tables; \
  --quality, --width, --crop, --rotate, --flip or --reencode encode the whole picture instead. \
  More captions go anywhere with --caption TEXT --box X,Y,W,H [--angle DEG], repeatable: the box's \
  left, top, width and height in fractions of the (cut and turned) picture's width and height, \
  turned clockwise by DEG degrees about its centre; each is fitted into its box like the top and \
  bottom captions, and what reaches past the picture is cut off. \
  Pictures go on it with --sticker FILE --box X,Y,W,H [--angle DEG] [--opacity O], repeatable, in \
  the same order as the captions: FILE is a PNG, WebP, GIF, SVG or JPEG (read within the same \
  limits as the input; an SVG can reach no other file), or emoji:😎 for an emoji drawn from the \
  colour emoji font (a file of that name is ./emoji:…). The sticker is stretched to fill its box, \
  turned as a caption is, and laid over the picture at opacity O (0 to 1, default 1); an animated \
  GIF or WebP sticker makes the meme animated when written as GIF or WebP. At most \
  \(StickerLayer.maximumCount) stickers go on one meme. \
  --layout band puts the top caption on a white band above the picture and the bottom one, when \
  given, on a second band under it, black and in a plain sans serif, the picture left as it is \
  (with a band under it, a JPEG photo is encoded whole); --layout poster frames the picture in black with a thin \
  white line, the top caption as the title and the bottom one as the subtitle below it, in a \
  serif. Their texts have no outline: --text-color colours the text and --outline-color the band \
  or the frame. Each band is 10% to 60% of the picture's height and grows with its text before \
  the text shrinks; the output is larger than the picture, which keeps its pixels. \
  The file carries no metadata of the input (no EXIF, GPS, XMP, IPTC or text chunks); only a JPEG \
  photo's ICC colour profile is kept on the block path, and the meme's description is written \
  as its alt text (see --description). \
  Captions that begin with '-', and negative numbers, can be given as --top=TEXT or --angle=-30. \
  A caption shrinks to fit down to a tenth of its band's or box's height, and never below \
  \(Int(CaptionGeometry.minimumLegibleFontSize)) pixels unless the band is lower; text that does \
  not fit even then is cut off at the band's edges, with a warning. \
  \(CaptionLimitsCheck.captionSentence) \(CaptionLimitsCheck.memeSentence)
  """
