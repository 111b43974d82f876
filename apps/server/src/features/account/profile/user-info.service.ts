import { Code, type UserInfo } from '@dso/contract';
import { gradeNames, maskPhone } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { getEffectiveGrade } from '../../permissions';
import * as accounts from '../accounts.repository';

const DAY_MS = 86_400_000;

/**
 * `user/info` (001 §3). The grade is the effective one: an ended membership is FREE and a child
 * account shows its parent's grade and masked phone. `new_user` means the account has never held a membership (no
 * end date was ever written), which is what new-user prices are for.
 */
export async function buildUserInfo(db: Database, userId: number, now = new Date()): Promise<UserInfo> {
  const user = await accounts.findUserById(db, userId);
  if (!user) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const effective = await getEffectiveGrade(db, userId, now);
  return {
    id: user.id,
    user_id: user.id,
    phone: user.phone,
    phone_last: user.phone.slice(-4),
    avatar: user.avatar,
    head_img: user.avatar,
    new_user: user.grade === 'FREE' && user.gradeEndsAt === null,
    grade: effective.grade,
    vip_name: gradeNames[effective.grade],
    grade_info_vo: {
      grade_enum: effective.grade,
      end_day: effective.endsAt ? Math.max(0, Math.ceil((effective.endsAt.getTime() - now.getTime()) / DAY_MS)) : 0,
      end_time: effective.endsAt ? Math.floor(effective.endsAt.getTime() / 1000) : 0,
    },
    // The group (child-account) display name has no column yet; the client shows nothing for ''.
    group_slave_name: '',
    permission_version_code: user.permissionVersionCode,
    sub_account: effective.parent !== null,
    // A child needs to recognise its parent, not to hold the parent's number (001 §2 bind notice).
    sub_account_parent_phone: effective.parent ? maskPhone(effective.parent.phone) : null,
    role_id: user.roleId,
    show_old: user.showOld,
    show_original_data: user.showOriginalData,
  };
}

/** Whether a WeChat account is bound to the user for QR login (`GET /api/user/bind_wx`). */
export async function getWechatBinding(db: Database, userId: number): Promise<{ bound: boolean }> {
  const user = await accounts.findUserById(db, userId);
  return { bound: Boolean(user?.wechatOpenId) };
}
