/** A bounded HTTP load loop on loopback: a fixed number of requests over N connections. */
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failures: number;
}

export async function runLoad(options: {
  total: number;
  concurrency: number;
  send: (index: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.total) {
      const index = next++;
      const t0 = performance.now();
      const ok = await options.send(index).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: options.total,
    seconds,
    perSecond: options.total / seconds,
    ...percentiles(latencies),
    failures,
  };
}

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { p50Ms: at(50), p95Ms: at(95), p99Ms: at(99) };
}

export function printTable(title: string, rows: Array<Record<string, string | number>>) {
  console.log(`\n## ${title}`);
  console.table(rows);
}
