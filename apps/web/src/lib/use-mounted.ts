import { useEffect, useRef } from 'react';

/**
 * Whether the component is still mounted, for what may come back after it is gone (an answer, a
 * delayed step, a timer) and would otherwise set the state of an unmounted component.
 */
export function useMountedRef() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
