// SPDX-License-Identifier: GPL-3.0-or-later
import MemeVideo

/// How a clip is recorded: how long at most, in which format, and whose sound.
nonisolated public struct RecordingSettings: Sendable {
  /// The longest clip the camera records: a meme's length, which chats still preview.
  public static let longestClip: Duration = .seconds(30)

  /// The clip ends by itself when it is this long.
  public var limit: Duration
  /// MP4 (H.264 and AAC) where its encoders are installed, else WebM (VP9 and Opus).
  public var format: VideoFormat
  /// The GStreamer description of one sound source element (`pulsesrc`, `audiotestsrc is-live=true`);
  /// nil records a silent clip. A source that cannot start also leaves the clip silent.
  public var soundSource: String?
  /// The camera's frame size, known once it showed a frame (the session fills it in).
  var frameSize: (width: Int, height: Int)?

  /// The desktop's microphone through PulseAudio (PipeWire serves it too). Not autoaudiosrc: where
  /// no sound server runs, it picks sources that open but fail once playing, taking the clip with them.
  public static let microphone = "pulsesrc"

  public init(limit: Duration = longestClip, format: VideoFormat, soundSource: String? = microphone) {
    self.limit = limit
    self.format = format
    self.soundSource = soundSource
  }

  /// The pipeline that encodes the frames pushed into its `frames` source (and the sound) into the
  /// file of its `file` sink, which is given its location afterwards (no quoting of paths).
  func pipelineDescription(withSound: Bool) -> String {
    // The app source takes the camera's frames as they come, and drops new ones rather than queue
    // without bound when the encoder falls behind (one full-HD frame is 8 MB).
    let frames = "appsrc name=frames is-live=true format=time max-bytes=0 max-buffers=8 leaky-type=upstream"
    let video: String
    let sound: String
    let muxer: String
    switch format {
    case .mp4:
      // Fast enough for a laptop's cores while the preview keeps running; no frames held back.
      video = "x264enc tune=zerolatency speed-preset=veryfast ! h264parse"
      sound = "avenc_aac ! aacparse"
      muxer = "mp4mux"
    case .webm:
      video = "vp9enc deadline=1 cpu-used=8"
      sound = "opusenc"
      muxer = "webmmux"
    }
    var description =
      "\(frames) ! \(evenSize)videoconvert ! video/x-raw,format=I420 ! \(video) ! \(muxer) name=mux ! filesink name=file"
    if withSound, let soundSource {
      description += " \(soundSource) name=sound ! queue ! audioconvert ! audioresample ! \(sound) ! mux."
    }
    return description
  }

  /// A crop of the last column and row when the frames are an odd number of pixels wide or high,
  /// which H.264's and VP9's halved colour planes cannot encode (empty when they are even).
  private var evenSize: String {
    guard let frameSize, frameSize.width % 2 == 1 || frameSize.height % 2 == 1 else { return "" }
    return "videocrop right=\(frameSize.width % 2) bottom=\(frameSize.height % 2) ! "
  }
}
