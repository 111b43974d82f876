import type { UserInfo } from '@dso/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session';
import { useViewerKey } from './get-grade-config';

describe('the viewer key of the per-user caches', () => {
  afterEach(() => {
    act(() => useSession.setState({ token: null, uid: null, userInfo: null }));
  });

  it('is the stored uid of a session, and visitor without a token', () => {
    act(() => useSession.setState({ token: 'tok', uid: '7', userInfo: null }));
    const { result } = renderHook(() => useViewerKey());
    expect(result.current).toBe('7');
    act(() => useSession.setState({ token: null, uid: null }));
    expect(result.current).toBe('visitor');
  });

  it('stays put when the user info of a session without a stored uid arrives (a changed key cancels calls)', () => {
    act(() => useSession.setState({ token: 'tok', uid: null, userInfo: null }));
    const { result } = renderHook(() => useViewerKey());
    expect(result.current).toBe('user');
    act(() => useSession.setState({ userInfo: { id: 7 } as UserInfo }));
    expect(result.current).toBe('user');
  });
});
