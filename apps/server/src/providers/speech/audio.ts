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
  options: { ffmpegPath?: string; signal?: AbortSignal } = {},
): Promise<Uint8Array> {
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', inputPath, ...FFMPEG_ARGS], {
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
