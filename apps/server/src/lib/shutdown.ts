/**
 * How a server or worker process spends the time it has to exit after SIGTERM: 10 s at most
 * (ARCHITECTURE, Operations; orchestrators kill after their own grace, Kubernetes' default being 30 s).
 * The steps run side by side where they can (docs/frame.md, "Shutdown").
 */
export const shutdownBudget = {
  /** The job in hand may finish within this; then it goes back to the queue for another worker. */
  jobGraceMs: 3_000,
  /** Requests in flight may finish within this; then their connections are closed. */
  requestsMs: 6_000,
  /** Closing the database and the stores; a connection stuck (on a lock, say) is left to the exit. */
  closeMs: 2_000,
  /** Past this the process exits whatever is still running, with status 1. */
  exitMs: 9_500,
};

/** `work`'s answer, or undefined when it has none within `ms` (it keeps running). */
export async function answerWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves true when `work` settles within `ms`, false when it has not (it keeps running). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = work.then(
    () => true,
    () => true,
  );
  return (await answerWithin(settled, ms)) ?? false;
}

interface StopLogger {
  info(data: Record<string, unknown>, message: string): void;
  error(data: Record<string, unknown>, message: string): void;
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT and exits with status 0 once it is done. Exits with 1 when
 * `stop` fails, when it is still running at `shutdownBudget.exitMs`, or on a second signal (someone
 * who wants the process gone now).
 */
export function exitOnStopSignals(stop: (signal: string) => Promise<void>, log: StopLogger): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) {
      log.error({ signal }, 'second stop signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    const startedAt = Date.now();
    setTimeout(() => {
      log.error({ ms: Date.now() - startedAt }, 'shutdown took too long: exiting');
      process.exit(1);
    }, shutdownBudget.exitMs);
    stop(signal).then(
      () => {
        log.info({ ms: Date.now() - startedAt }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
