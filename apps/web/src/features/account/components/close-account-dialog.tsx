import { SafetyOutlined } from '@ant-design/icons';
import { ACCOUNT_CLOSURE_COOLING_OFF_DAYS, type ClosureRequested } from '@dso/contract';
import { formatTime, maskPhone } from '@dso/domain';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../stores/session';
import { useAccountDialogs } from '../account-dialogs';
import { requestAccountClosure } from '../api/account-closure-api';
import { logout } from '../session-actions';
import { useStepSubmit } from './account-form';
import { AccountModal } from './account-modal';
import { SmsCodeInput } from './form-fields';

/** What closing an account does, said before the owner asks (docs/accounts.md, 注销账号). */
const closureTerms = [
  `提交后账号立即退出登录，进入 ${ACCOUNT_CLOSURE_COOLING_OFF_DAYS} 天冷静期。冷静期内再次登录，即视为撤销注销申请，账号和数据保持不变。`,
  '冷静期结束后，手机号、微信绑定、已授权的抖音账号、收藏、搜索与 AI 创作等历史记录、上传的文件将被删除或匿名化，且无法恢复；主账号或子账号关系同时解除。',
  '连续包月将在提交时立即取消。剩余的会员权益、次数包与优惠券随账号注销作废，不予退还。',
  '订单与发票按法律规定保留，但不再与您的身份关联。',
];

/**
 * 注销账号 (docs/accounts.md): the terms, agreement to them, a code sent to the account's own phone,
 * then the request. Success shows the day of the erasure and logs out.
 */
export function CloseAccountDialog() {
  const open = useAccountDialogs((state) => state.open.closeAccount);
  const close = useAccountDialogs((state) => state.closeAccountDialog);
  const [requested, setRequested] = useState<ClosureRequested | null>(null);
  const onCancel = requested ? leave : () => close('closeAccount');
  return (
    <AccountModal open={open} title="注销账号" width={520} onCancel={onCancel} maskClosable={!requested}>
      {requested ? <ClosureRequestedNotice requested={requested} /> : <ClosureForm onRequested={setRequested} />}
    </AccountModal>
  );
}

function ClosureForm({ onRequested }: { onRequested(result: ClosureRequested): void }) {
  const phone = useSession((state) => state.userInfo?.phone ?? '');
  const [agreed, setAgreed] = useState(false);
  const [code, setCode] = useState('');
  const ready = agreed && code.trim() !== '';
  // A wrong or used code is refused with 300 and its reason, told by the response handler.
  const { submit, loading } = useStepSubmit(ready, async () => onRequested(await requestAccountClosure(code.trim())));
  return (
    <div className="dso-account-form" data-testid="close-account-form">
      <p className="dso-account-lead">注销前请仔细阅读：</p>
      <ol className="dso-closure-terms">
        {closureTerms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
      <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)}>
        我已阅读并同意以上注销须知
      </Checkbox>
      <p className="dso-account-lead">验证码将发送至当前手机号 {maskPhone(phone)}</p>
      <SmsCodeInput
        phone={phone}
        api={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={submit}
        prefix={<SafetyOutlined />}
      />
      <Button type="primary" danger size="large" block disabled={!ready} loading={loading} onClick={submit}>
        申请注销
      </Button>
    </div>
  );
}

/**
 * The session already ended on the server: the browser forgets it too and starts again at the home
 * page, since the personal centre is nothing to a visitor.
 */
function leave() {
  window.history.replaceState(null, '', '/');
  void logout();
}

function ClosureRequestedNotice({ requested }: { requested: ClosureRequested }) {
  return (
    <div className="dso-account-form" data-testid="closure-requested">
      <p className="dso-account-lead">
        注销申请已提交，您已退出登录。账号将于 <strong>{formatTime(requested.erase_at, 'YYYY年M月D日')}</strong> 注销。
      </p>
      <p className="dso-account-lead">在此之前再次登录，即可撤销注销申请，账号和数据保持不变。</p>
      <Button type="primary" size="large" block onClick={leave}>
        我知道了
      </Button>
    </div>
  );
}
