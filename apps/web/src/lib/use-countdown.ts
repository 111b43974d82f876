import { useEffect, useState } from 'react';
import { useMountedRef } from './use-mounted';

/** How often a countdown re-reads the clock. */
const COUNTDOWN_TICK_MS = 250;

/**
 * Whole seconds left until a deadline, for the buttons that wait before sending a code again.
 * It reads the clock rather than counting ticks, so a throttled background tab still ends it on time;
 * `start` after the component is gone does nothing.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);
  const mounted = useMountedRef();

  useEffect(() => {
    if (deadline === null) return;
    const update = () => {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      setSeconds(Math.max(0, left));
      if (left <= 0) setDeadline(null);
    };
    update();
    const timer = setInterval(update, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = (from: number) => {
    if (!mounted.current) return;
    setSeconds(from);
    setDeadline(Date.now() + from * 1000);
  };
  return { seconds, start, mounted };
}
