import { vi } from 'vitest';

/*
 * The API client (lib/api/client) as page and widget tests replace it: every call a mock the test
 * steers. A test file replaces the client with
 *   vi.mock('…/lib/api/client', () => import('…/components/testing/api-client-mock'));
 * and imports the mocks it steers from here; vitest gives each test file its own copy of this module.
 */

export const request = vi.fn();
export const requestEnvelope = vi.fn();
export const requestFile = vi.fn();
export const requestStream = vi.fn();
export const requestUpload = vi.fn();

/** The calls of `request` to one path, each as `[path, options]`, in order (answerRequests has callsTo for its own record). */
export const requestsTo = (path: string) => request.mock.calls.filter(([called]) => called === path);
