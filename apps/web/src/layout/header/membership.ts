import type { UserInfo } from '@dso/contract';
import { formatTime, gradeNames } from '@dso/domain';

/** Within this many days of the end the panel counts down instead of printing the date. */
export const DAYS_LEFT_THRESHOLD = 30;

/** The plan name: the server's `vip_name` when it sends one, else the grade's display name (001 §1). */
export function planName(info: Pick<UserInfo, 'vip_name' | 'grade'>): string {
  return info.vip_name || gradeNames[info.grade];
}

/**
 * The membership line of the user panel (000 §2.5): days left (`end_day`) close to the end, since
 * that is when it matters, otherwise the expiry date (`end_time`, seconds).
 */
export function membershipStatus(info: Pick<UserInfo, 'grade' | 'grade_info_vo'>): string {
  if (info.grade === 'FREE') return '升级会员，解锁完整数据与更多次数';
  const { end_day, end_time } = info.grade_info_vo;
  if (end_day >= 0 && end_day <= DAYS_LEFT_THRESHOLD) return end_day === 0 ? '今天到期' : `剩余 ${end_day} 天到期`;
  return `${formatTime(end_time, 'YYYY-MM-DD')} 到期`;
}
