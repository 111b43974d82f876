import { Code } from '@dso/contract';
import { expect } from 'vitest';
import type { TestApp } from './index';

/**
 * One call a visitor makes: its method, its address and, for a POST, the body it sends (a route that validates
 * its body before asking for the session would otherwise answer 400, not the login the test expects).
 */
export type VisitorCall = readonly ['GET' | 'POST', string, unknown?];

/**
 * Sends each of `calls` signed but without a session and expects 800 (请先登录) from every one, naming the
 * address of the call that answered otherwise. Kept out of `testing/index.ts` because it asserts with vitest,
 * and the journeys import that module outside vitest.
 */
export async function expectLoginRequired(t: TestApp, calls: readonly VisitorCall[]) {
  for (const [method, url, body] of calls) {
    const answer = (await t.request({ method, url, ...(body === undefined ? {} : { body }) })).json();
    expect({ url, code: answer.code }).toEqual({ url, code: Code.TOKEN_INVALID });
  }
}
