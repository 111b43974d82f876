import { vi } from 'vitest';

/**
 * The API client as the monitoring page tests stand it in: `vi.mock('…/lib/api/client', () =>
 * import('../testing/client-mock'))`, then answer and inspect these mocks.
 */
export const request = vi.fn();
export const requestFile = vi.fn();
export const requestUpload = vi.fn();
