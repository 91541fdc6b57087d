// SPDX-License-Identifier: GPL-3.0-or-later
// Videos through GStreamer: a source decodes a video file's frames (and its sound, when it is to be
// encoded again) for the app to caption; a sink encodes the captioned frames (and that sound) into
// a Matroska file, which the muxer (CMemeVideoMux) makes the MP4 or WebM people get. Plain C types
// only: GStreamer's own stay in here.
#ifndef MEME_VIDEO_H
#define MEME_VIDEO_H

#include <stdbool.h>
#include <stdint.h>

/// Loads GStreamer (see memecamera_gstreamer_load) and initialises it once. False when it cannot start.
bool meme_video_initialize(void);

/// Frees a text the functions here returned (an error's, a codec's name).
void meme_video_free_text(char *text);

/// Whether GStreamer has the element `name` (an encoder, a decoder, a muxer) installed.
bool meme_video_has_element(const char *name);

typedef struct MemeVideoSource MemeVideoSource;

typedef struct {
  /// The decoded frames' size, once the orientation the file asks for is applied.
  int width, height;
  /// The nominal frame rate; 0/1 when the file does not say.
  int rate_numerator, rate_denominator;
  /// Nanoseconds; -1 when the file does not say.
  int64_t duration;
  bool has_audio;
  /// How its YUV maps to colours, as GStreamer names it ("bt709", "bt601"), so that the meme's
  /// frames are encoded the same way.
  char colorimetry[48];
} MemeVideoInfo;

/// Opens the video at `path` and decodes up to its first frame within `timeout` nanoseconds. With
/// `decoding_audio`, its first sound stream is decoded too, for `meme_video_source_forward_audio`.
/// NULL with `*error` (for g_free) saying why in one line when it cannot.
/// With `yuv_frames`, the frames stay I420 as decoded (for meme_video_sink_push_frame), their
/// `pixels` not BGRA.
MemeVideoSource *meme_video_source_open(const char *path, bool decoding_audio, bool yuv_frames, int64_t timeout,
                                        MemeVideoInfo *info, char **error);

/// Starts playing from `start` to `end` (nanoseconds into the video; `end` < 0 for its end).
bool meme_video_source_play(MemeVideoSource *source, int64_t start, int64_t end, int64_t timeout,
                            char **error);

/// Goes to `start` and plays on to `end` (nanoseconds; `end` < 0 for the video's end), always seeking,
/// whatever was played before: a source read backwards, a stretch at a time, calls it once a stretch.
/// Frames from before the seek are not seen after it.
bool meme_video_source_seek(MemeVideoSource *source, int64_t start, int64_t end, int64_t timeout, char **error);

typedef struct {
  /// BGRA (Cairo's ARGB32 on a little-endian machine), `stride` bytes a row.
  const uint8_t *pixels;
  int stride, width, height;
  /// The frame's presentation time and duration in nanoseconds, as the file has them.
  int64_t time, duration;
  void *sample;
} MemeVideoFrame;

/// The next frame: 1 with `frame` filled (until meme_video_frame_release), 0 at the end, -1 with
/// `*error` when decoding fails or takes longer than `timeout` nanoseconds.
int meme_video_source_next_frame(MemeVideoSource *source, int64_t timeout, MemeVideoFrame *frame,
                                 char **error);
void meme_video_frame_release(MemeVideoFrame *frame);
void meme_video_source_close(MemeVideoSource *source);

typedef struct MemeVideoSink MemeVideoSink;

typedef enum { MEME_VIDEO_H264_AAC = 0, MEME_VIDEO_VP9_OPUS = 1 } MemeVideoCodecs;

typedef struct {
  /// The Matroska file written.
  const char *path;
  /// The frames' size: even numbers (pushed frames are padded to it).
  int width, height;
  int rate_numerator, rate_denominator;
  MemeVideoCodecs codecs;
  /// The video's bits a second; 0 for the codec's constant quality.
  int bitrate;
  /// Whether a source forwards sound to be encoded (see meme_video_source_forward_audio).
  bool with_audio;
  /// The sound's tempo (its pitch kept): the speed the video plays at.
  double audio_tempo;
  /// The source's colorimetry (MemeVideoInfo), which the encoded frames keep.
  const char *colorimetry;
  /// Whether the frames come I420 from a source opened with `yuv_frames` (meme_video_sink_push_frame)
  /// rather than BGRA (meme_video_sink_push).
  bool yuv_frames;
} MemeVideoSinkSettings;

MemeVideoSink *meme_video_sink_open(const MemeVideoSinkSettings *settings, char **error);

/// Encodes a BGRA frame of `width` × `height` shown at `time` for `duration` (nanoseconds),
/// padded to the sink's size by repeating its last column and row.
bool meme_video_sink_push(MemeVideoSink *sink, const uint8_t *pixels, int stride, int width, int height,
                          int64_t time, int64_t duration, char **error);

/// What is laid over every frame: a premultiplied BGRA picture of the frames' size, kept as the
/// rectangles of it that are not transparent.
typedef struct MemeVideoOverlay MemeVideoOverlay;

/// NULL when the picture is transparent throughout (there is nothing to lay over the frames).
MemeVideoOverlay *meme_video_overlay_new(const uint8_t *pixels, int stride, int width, int height);
void meme_video_overlay_free(MemeVideoOverlay *overlay);

/// Encodes a source's I420 `frame` with `overlay` (may be NULL) blended over it, shown at `time` for
/// `duration` (nanoseconds). The frame's pixels outside the overlay are the decoder's, untouched.
bool meme_video_sink_push_frame(MemeVideoSink *sink, const MemeVideoFrame *frame, MemeVideoOverlay *overlay,
                                int64_t time, int64_t duration, char **error);

/// Ends the video and waits (at most `timeout` nanoseconds) for the file to be written.
bool meme_video_sink_finish(MemeVideoSink *sink, int64_t timeout, char **error);
void meme_video_sink_close(MemeVideoSink *sink);

/// Hands the source's decoded sound from `start` on (nanoseconds) to the sink, its times counted
/// from `start`. Before meme_video_source_play; the sink must be opened `with_audio`.
bool meme_video_source_forward_audio(MemeVideoSource *source, MemeVideoSink *sink, int64_t start);

/// The codec of the first sound stream of the file at `path` as FFmpeg names it ("aac", "opus"),
/// "" when it has none, for g_free; NULL with `*error` when it cannot be read.
char *meme_video_audio_codec(const char *path, char **error);

/// Writes `output` as `format` ("mp4", with its index first so that chat previews play at once, or
/// "webm") from every stream of `encoded` and, when `audio_from` is not NULL, every packet of the
/// first sound stream of `audio_from`, copied as it is. The file carries no other metadata than
/// `description` (when not NULL), as its description and comment.
bool meme_video_mux(const char *encoded, const char *audio_from, const char *output, const char *format,
                    const char *description, char **error);

/// How long the video at `path` lasts, in seconds, as its container's header says; -1 when it does
/// not say or cannot be read.
double meme_video_duration(const char *path);

typedef struct MemeVideoPlayer MemeVideoPlayer;

/// Opens the video at `path` to play in a window: its frames scaled to `width` × `height` BGRA, its
/// sound (`with_audio`) to the desktop's output. Paused on its first frame, within `timeout`
/// nanoseconds; NULL with `*error` (for meme_video_free_text) when it cannot.
MemeVideoPlayer *meme_video_player_open(const char *path, int width, int height, bool with_audio, int64_t timeout,
                                        char **error);
/// Goes to `position` (nanoseconds) and plays on to `end` (< 0: the video's end) at `rate` (1 the
/// video's speed; the sound keeps its pitch); at a negative rate it plays backwards from `position`
/// down to `end` (a reversed meme's trim start). Paused, it shows the frame at `position`.
bool meme_video_player_seek(MemeVideoPlayer *player, int64_t position, int64_t end, double rate);
void meme_video_player_set_playing(MemeVideoPlayer *player, bool playing);
void meme_video_player_set_muted(MemeVideoPlayer *player, bool muted);
/// Scales the frames to `width` × `height` from the next one on (the canvas was resized or zoomed).
void meme_video_player_resize(MemeVideoPlayer *player, int width, int height);
/// The newest frame not yet taken: 1 with `frame` filled (until meme_video_frame_release), 0 when
/// none came since, -1 with `*error` when playing failed.
int meme_video_player_take_frame(MemeVideoPlayer *player, MemeVideoFrame *frame, char **error);
/// Whether the part played has come to its end (known once a frame was taken after it).
bool meme_video_player_is_at_end(MemeVideoPlayer *player);
void meme_video_player_close(MemeVideoPlayer *player);

/// A sticker's WebM being written: VP9 with its alpha, no sound (meme_sticker_video.c).
typedef struct MemeStickerVideo MemeStickerVideo;

/// Starts the WebM at `path` for frames of `width` × `height` at `frame_rate` a second, the video at
/// `bitrate` bits a second. NULL with `*error` (for g_free) saying why in one line when it cannot.
MemeStickerVideo *meme_sticker_video_open(const char *path, int width, int height, int frame_rate, int bitrate,
                                          char **error);

/// Encodes the next frame: premultiplied BGRA of the video's size, `stride` bytes a row.
bool meme_sticker_video_push(MemeStickerVideo *video, const uint8_t *pixels, int stride, char **error);

/// Encodes what the encoder holds back and ends the file.
bool meme_sticker_video_finish(MemeStickerVideo *video, char **error);
void meme_sticker_video_close(MemeStickerVideo *video);

#endif
