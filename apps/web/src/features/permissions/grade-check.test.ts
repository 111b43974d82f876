import type { UserInfo } from '@dso/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToast } from '../../components/testing/toast-spy';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import { checkFeature, checkGrade } from './grade-check';
import { sampleTree } from './testing/permission-tree';
import { useUpgradeState } from './upgrade-state';

function signIn(grade: string | null) {
  if (grade === null) {
    useSession.setState({ token: null, userInfo: null, roles: sampleTree });
    return;
  }
  const userInfo = { id: 1, grade, grade_info_vo: { grade_enum: grade, end_day: 30, end_time: 0 } } as UserInfo;
  useSession.setState({ token: 'tok', userInfo, roles: sampleTree });
}

const dialogs = () => useDialogs.getState();

// Both checks toast and open dialogs: each test starts with them closed and ends signed out.
const toast = spyOnToast();
beforeEach(() => {
  useDialogs.setState({ open: useDialogs.getInitialState().open, payload: {} });
  useUpgradeState.setState({ neededGrade: null });
});
afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ token: null, userInfo: null, roles: [] });
});

describe('the grade check', () => {
  it('sends a visitor to the login dialog', () => {
    signIn(null);
    expect(checkGrade('VIP')).toBe(false);
    expect(dialogs().open.login).toBe(true);
    expect(dialogs().open.noPermission).toBe(false);
  });

  it.each([
    ['FREE', 'VIP', false],
    ['VIP', 'VIP', true],
    ['FREE', 'SVIP', false],
    ['VIP', 'SVIP', false],
    ['SVIP', 'SVIP', true],
    ['SVIP', 'EVIP', false],
    ['EVIP', 'EVIP', true],
  ] as const)('checks %s against %s required: %s', (grade, required, passes) => {
    signIn(grade);
    expect(checkGrade(required)).toBe(passes);
    expect(dialogs().open.noPermission).toBe(!passes);
  });

  it('opens the no-permission dialog with the needed tier and alerts 提示升级 SVIP', () => {
    signIn('FREE');
    checkGrade('SVIP');
    expect(dialogs().payload.noPermission).toEqual({ message: '权限不足，升级会员版本可查看更多数据~', grade: 'SVIP' });
    expect(toast).toHaveBeenCalledWith('提示升级 SVIP', 'warning', 2000);
  });
});

describe('the feature check', () => {
  it('passes a tier that the tree grants, from its lowest granting tier up', () => {
    signIn('SVIP');
    expect(checkFeature('VIDEO_LIBRARY_DETAIL_USER_PORTRAIT')).toBe(true);
    signIn('GVIP');
    expect(checkFeature('HOT_VIDEO_GOODS_ANAS')).toBe(true);
    expect(dialogs().open.noPermission).toBe(false);
  });

  it('opens the no-permission dialog and stores the needed tier when the user lacks it', () => {
    signIn('VIP');
    expect(checkFeature('VIDEO_LIBRARY_DETAIL_USER_PORTRAIT')).toBe(false);
    expect(useUpgradeState.getState().neededGrade).toBe('SVIP');
    expect(dialogs().payload.noPermission).toMatchObject({ grade: 'SVIP' });
  });

  it('escalates one tier when the needed tier is the one the user has', () => {
    signIn('SVIP');
    expect(checkFeature('NOT_IN_THE_TREE')).toBe(false);
    expect(dialogs().payload.noPermission).toMatchObject({ grade: 'EVIP' });
  });

  it('lets a visitor use what FREE has and asks a visitor to log in for more', () => {
    signIn(null);
    expect(checkFeature('KEYWORD_LIBRARY_SEARCH_COUNT_DAY')).toBe(true);
    expect(checkFeature('HOT_VIDEO_GOODS_ANAS')).toBe(false);
    expect(dialogs().open.login).toBe(true);
  });

  it('is bypassed in demo mode', () => {
    signIn('FREE');
    expect(checkFeature('HOT_VIDEO_GOODS_ANAS', { demo: true })).toBe(true);
    expect(dialogs().open.noPermission).toBe(false);
  });
});
