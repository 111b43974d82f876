import { spawnSync } from 'node:child_process';

/** Whether ffmpeg is on this machine: suites that cut real media run only where it is. */
export const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

/**
 * Makes a small media file for a test with ffmpeg from lavfi sources (`sine=…` a tone, `color=…` a
 * picture), as long as the shortest of them. Answers ffmpeg's exit status (0 when the file was made).
 */
export function makeTestMedia(output: string, sources: string[]): number | null {
  const inputs = sources.flatMap((source) => ['-f', 'lavfi', '-i', source]);
  const shortest = sources.length > 1 ? ['-shortest'] : [];
  return spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...inputs, ...shortest, output]).status;
}
