import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs` while `ticking` (a live clock); fixed otherwise. */
export function useNow(intervalMs: number, ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, ticking]);
  return now;
}
