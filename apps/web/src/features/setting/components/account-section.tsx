import { LockOutlined, MobileOutlined, UserDeleteOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { ACCOUNT_CLOSURE_COOLING_OFF_DAYS } from '@dso/contract';
import { formatTime, gradeNames, maskPhone } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Tag } from 'antd';
import { CentreSection } from '../../../components/centre-section/centre-section';
import { MembershipOfferButton } from '../../../components/upgrade-block/membership-offer-button';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { openChangePhoneDialog, openChildUnbindDialog, openCloseAccountDialog } from '../../account';
import { wechatBindingQuery } from '../api/wechat-binding';
import type { SettingSectionProps } from '../setting-sections';
import { SettingRow } from './setting-row';

/**
 * 账号信息: avatar, the masked phone with 修改手机号 (old-phone code, then new-phone code, each
 * behind the slider captcha), the grade with its days left and end date, 修改密码 (the reset-password
 * dialog with the phone locked), the WeChat binding, and a child account's parent (its phone masked by
 * the server) with 解除绑定: the notice shows only while the invite waits, so this is how a bound child
 * leaves at any time (001 §4, §6). Last, 注销账号 (docs/accounts.md).
 */
export default function AccountSection(_: SettingSectionProps) {
  const userInfo = useSession((state) => state.userInfo);
  const openDialog = useDialogs((state) => state.openDialog);
  const wechat = useQuery({ ...wechatBindingQuery(), enabled: Boolean(userInfo) });
  if (!userInfo) return null;
  const isPaid = userInfo.grade !== 'FREE';
  const gradeName = userInfo.vip_name || gradeNames[userInfo.grade];
  const daysLeft = Math.max(0, userInfo.grade_info_vo.end_day);
  const phone = userInfo.phone ? maskPhone(userInfo.phone) : `尾号 ${userInfo.phone_last}`;
  return (
    <CentreSection titleId="setting-account-title" title="账号信息">
      <div className="surface-box setting-card setting-profile" data-testid="account-profile">
        <Avatar size={72} src={userInfo.avatar || userInfo.head_img || undefined} icon={<UserOutlined />} />
        <div className="setting-profile__text">
          <div className="setting-profile__phone">{phone}</div>
          <div className="setting-profile__grade">
            <Tag color={isPaid ? 'gold' : 'default'}>{gradeName}</Tag>
            {isPaid && (
              <span>
                剩余 {daysLeft} 天 · {formatTime(userInfo.grade_info_vo.end_time, 'YYYY-MM-DD')} 到期
              </span>
            )}
          </div>
        </div>
        <MembershipOfferButton userInfo={userInfo} />
      </div>
      <div className="surface-box setting-card">
        <SettingRow
          icon={<MobileOutlined />}
          label="手机号"
          value={phone}
          action={<Button onClick={openChangePhoneDialog}>修改手机号</Button>}
        />
        <SettingRow
          icon={<LockOutlined />}
          label="登录密码"
          value="可用手机号和密码登录"
          action={<Button onClick={() => openDialog('resetPassword')}>修改密码</Button>}
        />
        <SettingRow
          icon={<WechatOutlined />}
          label="微信"
          value={
            wechat.data === undefined ? (
              <span className="setting-muted">查询中…</span>
            ) : wechat.data.bound ? (
              <Tag color="success">已绑定</Tag>
            ) : (
              <span>
                <Tag>未绑定</Tag>
                <span className="setting-muted">退出后用微信扫码登录，按提示验证本手机号即可绑定</span>
              </span>
            )
          }
        />
        {userInfo.sub_account && (
          <SettingRow
            icon={<UserOutlined />}
            label="主账号"
            value={`子账号 · 共享主账号 ${userInfo.sub_account_parent_phone ?? ''} 的会员权益`}
            action={<Button onClick={openChildUnbindDialog}>解除绑定</Button>}
          />
        )}
      </div>
      <div className="surface-box setting-card">
        <SettingRow
          icon={<UserDeleteOutlined />}
          label="注销账号"
          value={
            <span className="setting-muted">
              注销后个人信息将被删除且无法恢复，申请后有 {ACCOUNT_CLOSURE_COOLING_OFF_DAYS} 天冷静期
            </span>
          }
          action={
            <Button danger onClick={openCloseAccountDialog}>
              注销账号
            </Button>
          }
        />
      </div>
    </CentreSection>
  );
}
