import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { SpeechError, type SpeechSource } from './index';

/** The audio formats the vendors take in a call: MP3 (everywhere) or WAV (some chat-audio models ask for it). */
export type AudioFormat = 'mp3' | 'wav';

/**
 * 16 kHz mono: what speech models listen at. MP3 at 32 kb/s is ~5 MB for the 20-minute limit (under the
 * 25 MB of /audio/transcriptions); 16-bit PCM WAV is 32 kB a second, for vendors that want WAV.
 */
const FFMPEG_ARGS: Record<AudioFormat, string[]> = {
  mp3: ['-vn', '-ac', '1', '-ar', '16000', '-b:a', '32k', '-f', 'mp3', 'pipe:1'],
  wav: ['-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'],
};

/**
 * Cuts a media file's audio into the MP3 the vendors take, with Debian's `ffmpeg` (installed by the
 * project's set-up, `apt-get install ffmpeg`; no npm package downloads a binary). A machine without it
 * gets a clear 'unavailable' error naming the fix; a file without an audio track is 'no_media'.
 */
export function prepareAudio(
  inputPath: string,
  options: {
    ffmpegPath?: string;
    signal?: AbortSignal;
    offsetMs?: number;
    durationMs?: number;
    format?: AudioFormat;
  } = {},
): Promise<Uint8Array> {
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
  // -ss before -i seeks by the container's index (fast); -t after it cuts the output.
  const seek = options.offsetMs ? ['-ss', (options.offsetMs / 1000).toFixed(3)] : [];
  const cut = options.durationMs ? ['-t', (options.durationMs / 1000).toFixed(3)] : [];
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...seek,
    '-i',
    inputPath,
    ...cut,
    ...FFMPEG_ARGS[options.format ?? 'mp3'],
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
    });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new SpeechError(
            'unavailable',
            `ffmpeg is not installed on this machine (${ffmpeg} not found); install it with apt-get install ffmpeg`,
          ),
        );
      } else reject(new SpeechError('unavailable', `ffmpeg could not run: ${error.message}`));
    });
    child.on('close', (code) => {
      if (code === 0 && chunks.length > 0) return resolve(new Uint8Array(Buffer.concat(chunks)));
      const detail = stderr.trim().slice(0, 300);
      const noAudio = /does not contain any stream|matches no streams|Invalid data found/i.test(detail);
      reject(new SpeechError(noAudio ? 'no_media' : 'unavailable', `ffmpeg exited with ${code}`, detail));
    });
  });
}

/** How a real adapter reaches a source's audio (both OpenAI-compatible forms share it). */
export interface SourceAudioOptions {
  /** The format to cut to; audio given as it is keeps its own. */
  format: AudioFormat;
  /** A video's download may not exceed this. */
  maxDownloadBytes: number;
  ffmpegPath?: string | undefined;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  signal: AbortSignal;
}

/** Writes bytes to a temporary file, runs `work` on its path, and removes it. */
async function withTemporaryFile<T>(data: Uint8Array, work: (path: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'dso-speech-'));
  try {
    const path = join(folder, 'media');
    await writeFile(path, data);
    return await work(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Downloads a video (or a live recording) within the size limit and cuts its audio. */
async function audioOfDownload(url: string, options: SourceAudioOptions): Promise<Uint8Array> {
  const response = await options.fetch(url, { signal: options.signal });
  if (!response.ok || !response.body) {
    throw new SpeechError('no_media', `the video could not be downloaded (HTTP ${response.status})`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > options.maxDownloadBytes) throw new SpeechError('no_media', 'the video is too large to download');
  const data = new Uint8Array(await response.arrayBuffer());
  if (data.byteLength > options.maxDownloadBytes)
    throw new SpeechError('no_media', 'the video is too large to download');
  return withTemporaryFile(data, (path) =>
    prepareAudio(path, { ffmpegPath: options.ffmpegPath, signal: options.signal, format: options.format }),
  );
}

/**
 * The audio of a source, ready to send: given audio as it is (cut again only when `convert` says its
 * extension is not a format the vendor takes), a file's stretch cut with ffmpeg, a video or a live
 * recording downloaded and cut. `format` is the audio's format (its extension for given audio).
 */
export async function audioOfSource(
  source: SpeechSource,
  options: SourceAudioOptions & { convert?: (extension: string) => boolean },
): Promise<{ data: Uint8Array; filename: string; format: string }> {
  const cut = (format: AudioFormat) => ({ filename: `audio.${format}`, format });
  if (source.kind === 'audio') {
    const extension = extname(source.filename).slice(1).toLowerCase();
    if (!options.convert?.(extension)) return { ...source, format: extension };
    const data = await withTemporaryFile(source.data, (path) =>
      prepareAudio(path, { ffmpegPath: options.ffmpegPath, signal: options.signal, format: options.format }),
    );
    return { data, ...cut(options.format) };
  }
  if (source.kind === 'file') {
    const { offsetMs, durationMs } = source;
    const data = await prepareAudio(source.path, {
      ffmpegPath: options.ffmpegPath,
      signal: options.signal,
      offsetMs,
      durationMs,
      format: options.format,
    });
    return { data, ...cut(options.format) };
  }
  if (source.kind === 'live') {
    if (!source.recordingUrl) throw new SpeechError('no_media', 'the live session has no recording');
    return { data: await audioOfDownload(source.recordingUrl, options), ...cut(options.format) };
  }
  if (!source.playUrl) throw new SpeechError('no_media', 'the video has no play address');
  return { data: await audioOfDownload(source.playUrl, options), ...cut(options.format) };
}

/**
 * A media file's duration in milliseconds and whether it has an audio track, read with Debian's
 * `ffprobe` (beside ffmpeg). A file ffprobe cannot read is 'no_media'; a missing ffprobe 'unavailable'.
 */
export function probeMedia(
  inputPath: string,
  options: { ffprobePath?: string; signal?: AbortSignal } = {},
): Promise<{ durationMs: number; hasAudio: boolean }> {
  const ffprobe = options.ffprobePath ?? 'ffprobe';
  const args = ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', inputPath];
  return new Promise((resolve, reject) => {
    const child = spawn(ffprobe, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < 100_000) stdout += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new SpeechError(
          'unavailable',
          error.code === 'ENOENT'
            ? `ffprobe is not installed on this machine (${ffprobe} not found); install it with apt-get install ffmpeg`
            : `ffprobe could not run: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code !== 0) return reject(new SpeechError('no_media', `ffprobe exited with ${code}`));
      try {
        const parsed = JSON.parse(stdout) as {
          format?: { duration?: string };
          streams?: Array<{ codec_type?: string }>;
        };
        const seconds = Number(parsed.format?.duration);
        resolve({
          durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0,
          hasAudio: (parsed.streams ?? []).some((stream) => stream.codec_type === 'audio'),
        });
      } catch {
        reject(new SpeechError('no_media', 'ffprobe answered something unreadable'));
      }
    });
  });
}
