import { describe, expect, it } from 'vitest';
import { membershipStatus, planName } from './membership';

const member = (grade: 'FREE' | 'VIP' | 'SVIP', endDay: number, endTime = 1_924_876_800) => ({
  grade,
  vip_name: '',
  grade_info_vo: { grade_enum: grade, end_day: endDay, end_time: endTime },
});

describe('the membership line of the user panel', () => {
  it('names the plan by vip_name, else by the grade’s display name', () => {
    expect(planName(member('SVIP', 100))).toBe('企业版');
    expect(planName({ ...member('VIP', 100), vip_name: '个人版（年付）' })).toBe('个人版（年付）');
  });

  it('counts the days down in the last month and shows the date before that', () => {
    expect(membershipStatus(member('VIP', 12))).toBe('剩余 12 天到期');
    expect(membershipStatus(member('VIP', 0))).toBe('今天到期');
    expect(membershipStatus(member('VIP', 200))).toBe('2030-12-31 到期');
  });

  it('invites a free user to upgrade instead of showing an expiry', () => {
    expect(membershipStatus(member('FREE', 0))).toBe('升级会员，解锁完整数据与更多次数');
  });
});
