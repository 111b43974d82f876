import { spawn } from 'node:child_process';
import { SpeechError } from './index';

/** 16 kHz mono MP3 at 32 kb/s: what speech models listen at, ~14 MB for the 20-minute limit (under 25 MB). */
const FFMPEG_ARGS = ['-vn', '-ac', '1', '-ar', '16000', '-b:a', '32k', '-f', 'mp3', 'pipe:1'];

/**
 * Cuts a media file's audio into the MP3 the vendors take, with Debian's `ffmpeg` (installed by the
 * project's set-up, `apt-get install ffmpeg`; no npm package downloads a binary). A machine without it
 * gets a clear 'unavailable' error naming the fix; a file without an audio track is 'no_media'.
 */
export function prepareAudio(
  inputPath: string,
  options: { ffmpegPath?: string; signal?: AbortSignal; offsetMs?: number; durationMs?: number } = {},
): Promise<Uint8Array> {
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
  // -ss before -i seeks by the container's index (fast); -t after it cuts the output.
  const seek = options.offsetMs ? ['-ss', (options.offsetMs / 1000).toFixed(3)] : [];
  const cut = options.durationMs ? ['-t', (options.durationMs / 1000).toFixed(3)] : [];
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', ...seek, '-i', inputPath, ...cut, ...FFMPEG_ARGS];
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
