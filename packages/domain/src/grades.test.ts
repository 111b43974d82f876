import { describe, expect, it } from 'vitest';
import {
  dailyExhaustedMessage,
  type Grade,
  gradeForTierId,
  gradeNames,
  gradeRank,
  grades,
  hasFeaturePermission,
  isTopTier,
  lowestGrantingGrade,
  membershipOffer,
  nextGrade,
  normalizeGrade,
  type PermissionTreeNode,
  passesGradeCheck,
  purchaseBlockMessage,
  quotaExhaustionAction,
  rowCapMessage,
  TIER_BIND_TYPE,
  tierBadge,
  upgradeAlertText,
  upgradeTarget,
} from './grades';

/** A permission node whose children bind the given tier ids. */
function createNode(alias: string, tierIds: Array<number | string>): PermissionTreeNode {
  return {
    alias,
    children: tierIds.map((tierId, index) => ({
      id: index + 1,
      permission_role_bind: [{ type: TIER_BIND_TYPE, value: String(tierId), ext: '10' }],
    })),
  };
}

describe('grade ladder', () => {
  it('orders grades FREE, VIP, CVIP, SVIP, EVIP, GVIP', () => {
    expect(grades).toEqual(['FREE', 'VIP', 'CVIP', 'SVIP', 'EVIP', 'GVIP']);
    expect(gradeRank('CVIP')).toBeLessThan(gradeRank('SVIP'));
    expect(gradeRank('GVIP')).toBeGreaterThan(gradeRank('EVIP'));
  });

  it('names the sold grades as the spec does', () => {
    expect([gradeNames.FREE, gradeNames.VIP, gradeNames.SVIP, gradeNames.EVIP]).toEqual([
      '免费版',
      '个人版',
      '企业版',
      '旗舰版',
    ]);
  });

  it('maps tier ids to grades and ignores other ids', () => {
    expect(gradeForTierId(0)).toBe('FREE');
    expect(gradeForTierId('10086')).toBe('VIP');
    expect(gradeForTierId(20086)).toBe('SVIP');
    expect(gradeForTierId(30086)).toBe('EVIP');
    expect(gradeForTierId(40086)).toBeNull();
    expect(gradeForTierId('')).toBeNull();
  });
});

describe('normalizeGrade and isTopTier', () => {
  it('displays an unknown or empty grade as FREE', () => {
    expect(normalizeGrade('XVIP')).toBe('FREE');
    expect(normalizeGrade(undefined)).toBe('FREE');
    expect(normalizeGrade('SVIP')).toBe('SVIP');
  });

  it('counts EVIP, GVIP and an unknown grade as top tier', () => {
    expect(isTopTier('EVIP')).toBe(true);
    expect(isTopTier('GVIP')).toBe(true);
    expect(isTopTier('XVIP')).toBe(true);
  });

  it('does not count grades below EVIP or an empty grade as top tier', () => {
    for (const grade of ['FREE', 'VIP', 'CVIP', 'SVIP', '', null]) expect(isTopTier(grade)).toBe(false);
  });
});

describe('membershipOffer', () => {
  it('offers top tier the recharge, FREE the upgrade and other grades upgrade/renew', () => {
    expect(membershipOffer({ grade: 'EVIP', isChild: false })).toBe('recharge');
    expect(membershipOffer({ grade: 'GVIP', isChild: false })).toBe('recharge');
    expect(membershipOffer({ grade: 'FREE', isChild: false })).toBe('upgrade');
    for (const grade of ['VIP', 'CVIP', 'SVIP']) expect(membershipOffer({ grade, isChild: false })).toBe('renew');
  });

  it('offers a child account nothing to buy, whatever grade it shares', () => {
    for (const grade of ['FREE', 'SVIP', 'EVIP']) expect(membershipOffer({ grade, isChild: true })).toBe('none');
  });
});

describe('upgrade ladder', () => {
  it('steps one tier up and keeps EVIP and GVIP', () => {
    const steps = (['FREE', 'VIP', 'CVIP', 'SVIP', 'EVIP', 'GVIP'] as Grade[]).map(nextGrade);
    expect(steps).toEqual(['VIP', 'SVIP', 'SVIP', 'EVIP', 'EVIP', 'GVIP']);
  });

  it('offers the needed tier when it is above the current one', () => {
    expect(upgradeTarget('FREE', 'SVIP')).toBe('SVIP');
  });

  it('escalates one tier when the needed tier equals the current one', () => {
    expect(upgradeTarget('VIP', 'VIP')).toBe('SVIP');
    expect(upgradeTarget('SVIP', 'SVIP')).toBe('EVIP');
  });

  it('steps up from the current tier when nothing is needed', () => {
    expect(upgradeTarget('FREE')).toBe('VIP');
  });
});

describe('passesGradeCheck', () => {
  it('fails FREE when VIP is required', () => {
    expect(passesGradeCheck('FREE', 'VIP')).toBe(false);
    expect(passesGradeCheck('VIP', 'VIP')).toBe(true);
  });

  it('fails FREE, VIP and CVIP when SVIP is required', () => {
    for (const grade of ['FREE', 'VIP', 'CVIP']) expect(passesGradeCheck(grade, 'SVIP')).toBe(false);
    expect(passesGradeCheck('SVIP', 'SVIP')).toBe(true);
  });

  it('passes only EVIP and GVIP when EVIP is required', () => {
    expect(passesGradeCheck('SVIP', 'EVIP')).toBe(false);
    expect(passesGradeCheck('EVIP', 'EVIP')).toBe(true);
    expect(passesGradeCheck('GVIP', 'EVIP')).toBe(true);
  });

  it('checks an unknown grade as FREE', () => {
    expect(passesGradeCheck('XVIP', 'VIP')).toBe(false);
    expect(passesGradeCheck(undefined, 'FREE')).toBe(true);
  });
});

describe('quotaExhaustionAction', () => {
  it('opens the pay dialog with the next tier below EVIP', () => {
    expect(quotaExhaustionAction('FREE')).toEqual({ kind: 'pay', preselect: 'VIP' });
    expect(quotaExhaustionAction('VIP')).toEqual({ kind: 'pay', preselect: 'SVIP' });
    expect(quotaExhaustionAction('CVIP')).toEqual({ kind: 'pay', preselect: 'EVIP' });
    expect(quotaExhaustionAction('SVIP')).toEqual({ kind: 'pay', preselect: 'EVIP' });
  });

  it('opens the buy-times dialog of type 9 at EVIP and above', () => {
    for (const grade of ['EVIP', 'GVIP', 'XVIP']) {
      expect(quotaExhaustionAction(grade)).toEqual({ kind: 'buyTimes', type: 9 });
    }
  });
});

describe('upgrade prompts', () => {
  it('alerts the required tier', () => {
    expect(upgradeAlertText('VIP')).toBe('提示升级 VIP');
    expect(upgradeAlertText('SVIP')).toBe('提示升级 SVIP');
    expect(upgradeAlertText('EVIP')).toBe('提示升级 EVIP');
    expect(upgradeAlertText('FREE')).toBeNull();
  });

  it.each([
    ['FREE', 'VIP', 'vip'],
    ['VIP', 'SVIP', 'svip'],
    ['FREE', 'CVIP', 'svip'],
    ['SVIP', 'EVIP', 'evip'],
  ] as const)('badges a feature needing a higher tier than the user has: %s for %s → %s', (has, needs, badge) => {
    expect(tierBadge(has, needs)).toBe(badge);
  });

  it.each([
    ['SVIP', 'SVIP'],
    ['GVIP', 'EVIP'],
  ] as const)('shows no badge when the user already has the tier: %s for %s', (has, needs) => {
    expect(tierBadge(has, needs)).toBeNull();
  });

  it('writes the row-cap message with the grade name', () => {
    expect(rowCapMessage('VIP', 100)).toBe('您的个人版会员只能看100条数据，升级会员查看更多');
    expect(rowCapMessage('体验', 20)).toBe('您的体验会员只能看20条数据，升级会员查看更多');
  });

  it('tells top tier to come back tomorrow and others to upgrade', () => {
    expect(dailyExhaustedMessage('EVIP')).toBe('今日次数已用尽，明天再来试试吧~');
    expect(dailyExhaustedMessage('EVIP', 'views')).toBe('今日查看次数已用尽,请明日再试');
    expect(dailyExhaustedMessage('SVIP')).toBe('今日次数已用尽，请升级会员版本增加查看次数~');
  });

  const expectPurchaseAnswer = (has: string, buys: Grade, answer: string | null) =>
    expect(purchaseBlockMessage(has, buys)).toBe(answer);

  it.each([
    ['EVIP', 'SVIP', '您是旗舰版会员，不可购买企业版！'],
    ['EVIP', 'VIP', '您是旗舰版会员，不可购买个人版！'],
    ['SVIP', 'VIP', '您是企业版会员，不可购买个人版！'],
  ] as const)('refuses a flagship or enterprise member buying a lower tier: %s buying %s', expectPurchaseAnswer);
  it.each([
    ['EVIP', 'EVIP', null],
    ['SVIP', 'EVIP', null],
    ['VIP', 'VIP', null],
  ] as const)('allows renewals and upgrades: %s buying %s', expectPurchaseAnswer);
});

describe('lowestGrantingGrade', () => {
  const tree = [
    createNode('KEYWORD_LIBRARY_EXPORT', [30086, 20086]),
    createNode('AI_WRITING_COUNT_DAY', [0, 10086, 20086, 30086]),
    createNode('SUB_ACCOUNT_COUNT', []),
  ];

  it('finds the lowest tier bound to the alias', () => {
    expect(lowestGrantingGrade(tree, 'KEYWORD_LIBRARY_EXPORT')).toBe('SVIP');
    expect(lowestGrantingGrade(tree, 'AI_WRITING_COUNT_DAY')).toBe('FREE');
  });

  it('gives null for an absent alias or one without tier binds', () => {
    expect(lowestGrantingGrade(tree, 'AUTH_TIKTOK_COUNT')).toBeNull();
    expect(lowestGrantingGrade(tree, 'SUB_ACCOUNT_COUNT')).toBeNull();
  });

  it('ignores binds of another type', () => {
    const node: PermissionTreeNode = {
      alias: 'KEYWORD_MONITOR_COUNT',
      children: [
        { id: 1, permission_role_bind: [{ type: 'COUNT', value: '0' }] },
        { id: 2, permission_role_bind: [{ type: TIER_BIND_TYPE, value: '10086' }] },
      ],
    };
    expect(lowestGrantingGrade([node], 'KEYWORD_MONITOR_COUNT')).toBe('VIP');
  });

  it('grants the feature from the lowest tier up', () => {
    expect(hasFeaturePermission({ tree, alias: 'KEYWORD_LIBRARY_EXPORT', grade: 'VIP' })).toBe(false);
    expect(hasFeaturePermission({ tree, alias: 'KEYWORD_LIBRARY_EXPORT', grade: 'SVIP' })).toBe(true);
    expect(hasFeaturePermission({ tree, alias: 'AUTH_TIKTOK_COUNT', grade: 'GVIP' })).toBe(false);
  });
});
