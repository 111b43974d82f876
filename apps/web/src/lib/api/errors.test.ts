import { Code } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, NETWORK_FAILURE } from './errors';

describe('isApiError', () => {
  it('matches an ApiError with the named code only', () => {
    const refusal = new ApiError(Code.NEEDS_UPGRADE, '权限不足');
    expect(isApiError(refusal, Code.NEEDS_UPGRADE)).toBe(true);
    expect(isApiError(refusal, Code.NOT_FOUND)).toBe(false);
    expect(isApiError(new ApiError(NETWORK_FAILURE, ''), NETWORK_FAILURE)).toBe(true);
  });

  it('matches any ApiError when no code is named, and nothing else', () => {
    expect(isApiError(new ApiError(Code.NOT_FOUND, ''))).toBe(true);
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError({ code: Code.NEEDS_UPGRADE, message: '' }, Code.NEEDS_UPGRADE)).toBe(false);
  });
});
