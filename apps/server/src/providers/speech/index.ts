import type { TranscriptSegment } from '../../db/schema/extraction';

/**
 * The speech-to-text provider (视频文案提取). The sandbox (the default) answers with the
 * transcript stored with a library video; the real adapter speaks the OpenAI-compatible
 * `/audio/transcriptions` API (docs/providers.md), preparing audio with Debian's ffmpeg.
 */

export type { TranscriptSegment };

/** What to transcribe. */
export type SpeechSource =
  /** A library video: the sandbox reads its stored transcript, real adapters download `playUrl`. */
  | { kind: 'video'; awemeId: string; playUrl: string | null; durationMs: number }
  /**
   * A media file on this machine (a recording upload): real adapters cut its audio with ffmpeg, the
   * stretch from `offsetMs` for `durationMs` when given (a long recording goes in parts).
   */
  | { kind: 'file'; path: string; offsetMs?: number; durationMs?: number }
  /** Audio already in a format the vendor takes (mp3, wav, m4a…), sent as it is. */
  | { kind: 'audio'; data: Uint8Array; filename: string }
  /** A live session of the library (AI 直播复盘): see {@link LiveSpeechSource}. */
  | LiveSpeechSource;

/**
 * A live session: real adapters transcribe its recording (`recordingUrl`, none when the platform kept
 * none: 'no_media'); the sandbox speaks a host's script from the session's goods and curve.
 */
export interface LiveSpeechSource {
  kind: 'live';
  roomId: string;
  title: string;
  recordingUrl: string | null;
  goods: Array<{ title: string; price_fen: number; sales: number }>;
  /** Every recorded minute, from the start. */
  minutes: Array<{ minute: number; online: number; salesFen: number }>;
}

/** A transcript: the whole text and its timed pieces. */
export interface Transcript {
  text: string;
  segments: TranscriptSegment[];
  /** Language the vendor detected, when it says. */
  language?: string;
}

/** Why a transcription did not answer. */
export type SpeechErrorReason =
  /** The vendor refused our key. */
  | 'unauthorized'
  /** The vendor asked us to slow down, or our balance with it is spent. */
  | 'rate_limited'
  /** Down, timed out, answered something unreadable, or ffmpeg is missing here. */
  | 'unavailable'
  /** The source has no speech we can reach: no play address, no audio track, no stored transcript. */
  | 'no_media';

/** The rejection of a transcription that did not answer. */
export class SpeechError extends Error {
  constructor(
    readonly reason: SpeechErrorReason,
    message: string,
    /** The vendor's own code or message, for the log. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

/** One interface for the sandbox and every OpenAI-compatible vendor. */
export interface SpeechProvider {
  /** 'sandbox', or 'openai:<model>'. */
  readonly name: string;
  readonly isSandbox: boolean;
  /** How many transcriptions may run at once (the batch job's concurrency). */
  readonly concurrency: number;
  transcribe(source: SpeechSource, options?: { signal?: AbortSignal }): Promise<Transcript>;
}

/**
 * Timed pieces of a text without timings: split at sentence ends and spread over the duration by
 * length, so a stored transcript reads like a vendor's verbose answer.
 */
export function segmentsOf(text: string, durationMs: number): TranscriptSegment[] {
  const pieces = text
    .split(/(?<=[。！？!?；;\n])/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const seconds = Math.max(durationMs, 0) / 1000 || total / 4;
  let cursor = 0;
  return pieces.map((piece) => {
    const start = cursor;
    cursor += (piece.length / total) * seconds;
    return { start: Math.round(start * 100) / 100, end: Math.round(cursor * 100) / 100, text: piece };
  });
}
