import { useEffect, useRef } from 'react';
import { handleQuotaFailure } from '../../permissions';

/**
 * Opens the upgrade or buy-times prompt for a detail query's failure once per error: a re-render with the
 * same error (or a retry that fails the same way before the query settles) does not open it again.
 */
export function useQuotaFailureOnce(error: unknown) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    handleQuotaFailure(error);
  }, [error]);
}
