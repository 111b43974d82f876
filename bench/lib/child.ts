import { createInterface } from 'node:readline';

/** The first line a child process prints, parsed as JSON: how a benchmark's server says it is ready. */
export function firstJsonLine<T>(stream: NodeJS.ReadableStream, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
    lines.once('close', () => reject(new Error(`${what} ended before it was ready`)));
  });
}
