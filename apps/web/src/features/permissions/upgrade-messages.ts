import { dailyExhaustedMessage, type Grade, isTopTier, rowCapMessage, upgradeMessages } from '@dso/domain';

/**
 * The messages of the no-permission dialog (001 §2, §6). The daily, row-cap and plain texts are the
 * domain's; the quota texts match what the server sends with its 810 refusals (permission config),
 * below EVIP asking for an upgrade and at the top asking to recharge.
 */
export const quotaMessages = {
  monitorExhausted: {
    upgrade: '监控额度已用完，请升级会员版本增加额度~',
    topTier: '监控额度已用完，请联系客服充值额度~',
  },
  toolExhausted: {
    upgrade: '今日工具使用次数已用尽，请升级会员版本增加次数~',
    topTier: '今日工具使用次数已用尽，明天再来试试吧~',
  },
  authAccountsInsufficient: {
    upgrade: '授权账号额度不足，请升级会员版本增加额度~',
    topTier: '授权账号额度不足，请联系客服充值额度~',
  },
} as const;

/** Why the no-permission dialog opens. */
export type NoPermissionReason =
  | { kind: 'dailyExhausted'; views?: boolean }
  | { kind: 'rowCap'; rows: number }
  | { kind: 'insufficient' }
  | { kind: 'monitorExhausted' }
  | { kind: 'toolExhausted' }
  | { kind: 'authAccountsInsufficient' };

/** The text for a reason and the user's grade: top tier (EVIP and above) is never told to upgrade. */
export function noPermissionMessage(reason: NoPermissionReason, grade: string | null | undefined): string {
  const tier = isTopTier(grade) ? 'topTier' : 'upgrade';
  switch (reason.kind) {
    case 'dailyExhausted':
      return dailyExhaustedMessage(grade, reason.views ? 'views' : 'count');
    case 'rowCap':
      return rowCapMessage((grade as Grade | undefined) ?? 'FREE', reason.rows);
    case 'insufficient':
      return upgradeMessages.insufficientRights;
    case 'monitorExhausted':
      return quotaMessages.monitorExhausted[tier];
    case 'toolExhausted':
      return quotaMessages.toolExhausted[tier];
    case 'authAccountsInsufficient':
      return quotaMessages.authAccountsInsufficient[tier];
  }
}
