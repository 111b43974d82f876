/**
 * Lets pending I/O (HTTP requests) run. PGlite works on the main thread and a chain of awaited
 * queries never leaves the microtask queue, so a long job in the server process must step aside
 * between its parts or requests wait for the whole job.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
