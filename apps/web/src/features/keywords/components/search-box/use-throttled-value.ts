import { useEffect, useRef, useState } from 'react';

/**
 * The value, changing at most once per `intervalMs`: the first change goes through at once, the
 * changes inside the interval collapse into one with the latest value at its end (leading and
 * trailing throttle).
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [throttled, setThrottled] = useState(value);
  const lastEmit = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (Object.is(latest.current, value)) return;
    latest.current = value;
    const wait = lastEmit.current + intervalMs - Date.now();
    if (wait <= 0) {
      lastEmit.current = Date.now();
      setThrottled(value);
      return;
    }
    // Inside the interval: one trailing emit with whatever the value is by then.
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      lastEmit.current = Date.now();
      setThrottled(latest.current);
    }, wait);
  }, [value, intervalMs]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return throttled;
}
