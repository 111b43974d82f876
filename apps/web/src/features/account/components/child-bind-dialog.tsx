import { ExclamationCircleFilled, TeamOutlined } from '@ant-design/icons';
import { formatTime, gradeNames, maskPhone, normalizeGrade } from '@dso/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { useAccountDialogs } from '../account-dialogs';
import { acceptInvite, unbindSelf } from '../api/sub-account-api';
import { reloadPage } from '../reload-page';
import { type ChildBindPayload, loadUserInfo } from '../session-actions';
import { AccountModal } from './account-modal';
import { SmsCodeInput } from './form-fields';

/** After unbinding, the page reloads this much later (001 §4). */
export const UNBIND_RELOAD_DELAY_MS = 1500;

/**
 * The child-account bind notice (001 §2, §4): who bound the user, the shared grade and the unbind
 * date. 我知道了 accepts (user info reloads, then the page); 解除绑定 goes through an identity check
 * (masked phone, SMS code of api type 5) and a confirm before the link ends.
 */
export function ChildBindDialog() {
  const open = useDialogs((state) => state.open.childBind);
  const payload = useDialogs((state) => state.payload.childBind) as ChildBindPayload | undefined;
  const closeDialog = useDialogs((state) => state.closeDialog);
  const invite = payload?.invite;
  return (
    <AccountModal
      open={open && Boolean(invite)}
      title={
        <span>
          <TeamOutlined /> 子账号绑定通知
        </span>
      }
      width={460}
      mask={{ closable: false }}
      onCancel={() => closeDialog('childBind')}
    >
      {invite && <ChildBindSteps invite={invite} onClose={() => closeDialog('childBind')} />}
    </AccountModal>
  );
}

function ChildBindSteps({ invite, onClose }: { invite: ChildBindPayload['invite']; onClose(): void }) {
  const [unbinding, setUnbinding] = useState(false);
  const [busy, setBusy] = useState(false);
  const gradeName = gradeNames[normalizeGrade(invite.grade)];

  const accept = async () => {
    setBusy(true);
    try {
      await acceptInvite(invite.id);
      await loadUserInfo().catch(() => undefined);
      reloadPage();
    } catch {
      setBusy(false);
    }
  };

  if (unbinding) return <ChildUnbindSteps gradeName={gradeName} onBack={() => setUnbinding(false)} onDone={onClose} />;

  return (
    <div className="dso-account-form">
      <p className="dso-account-lead">
        账号（{maskPhone(invite.phone)}）已将您绑定为其子账号，您将共享该账号的
        <strong className="dso-account-grade">{gradeName}</strong>会员权益。
      </p>
      <p className="dso-account-meta">
        解绑日期：{invite.un_bind_time ? formatTime(invite.un_bind_time, 'YYYY-MM-DD') : '随主账号会员到期'}
      </p>
      <div className="dso-account-form__actions">
        <Button size="large" onClick={() => setUnbinding(true)} disabled={busy}>
          解除绑定
        </Button>
        <Button type="primary" size="large" loading={busy} onClick={() => void accept()}>
          我知道了
        </Button>
      </div>
    </div>
  );
}

/**
 * A bound child account ends its link itself (001 §4, §6), opened from the personal centre: the
 * notice shows only while an invite waits, so once accepted this is the child's way out. The same
 * identity check and confirm as the notice's 解除绑定.
 */
export function ChildUnbindDialog() {
  const open = useAccountDialogs((state) => state.open.childUnbind);
  const grade = useSession((state) => state.userInfo?.grade);
  const close = () => useAccountDialogs.getState().closeAccountDialog('childUnbind');
  return (
    <AccountModal open={open} title="解除子账号绑定" width={460} mask={{ closable: false }} onCancel={close}>
      <ChildUnbindSteps gradeName={gradeNames[normalizeGrade(grade)]} onBack={close} onDone={close} />
    </AccountModal>
  );
}

/**
 * The child's unbind (001 §2, §4): an identity check (the masked own phone, an SMS code of api type 5;
 * 下一步 waits for a code), then 是否立即解除账号关系？ with the warning that the parent's benefits end.
 * Done: the link ends, roles and user info are cleared and the page reloads 1.5 s later.
 */
function ChildUnbindSteps({ gradeName, onBack, onDone }: { gradeName: string; onBack(): void; onDone(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const ownPhone = useSession((state) => state.userInfo?.phone ?? '');

  const unbind = async () => {
    setBusy(true);
    try {
      await unbindSelf(ownPhone, code.trim());
      const session = useSession.getState();
      session.setRoles([]);
      session.setUserInfo(null);
      toast('解绑成功', 'success', 1500);
      onDone();
      setTimeout(reloadPage, UNBIND_RELOAD_DELAY_MS);
    } catch {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <div className="dso-account-form">
        <div className="dso-account-warning">
          <ExclamationCircleFilled />
          <div>
            <p className="dso-account-warning__title">是否立即解除账号关系？</p>
            <p>解除后，您将无法继续使用主账号的{gradeName}会员权益，此操作不可撤销。</p>
          </div>
        </div>
        <div className="dso-account-form__actions">
          <Button size="large" onClick={() => setConfirming(false)} disabled={busy}>
            取消
          </Button>
          <Button type="primary" danger size="large" loading={busy} onClick={() => void unbind()}>
            确定解除
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="dso-account-form">
      <p className="dso-account-lead">为保障账号安全，请先验证身份。验证码将发送至 {maskPhone(ownPhone)}</p>
      <SmsCodeInput phone={ownPhone} api={5} value={code} onChange={(event) => setCode(event.target.value)} />
      <div className="dso-account-form__actions">
        <Button size="large" onClick={onBack}>
          返回
        </Button>
        <Button type="primary" size="large" disabled={!code.trim()} onClick={() => setConfirming(true)}>
          下一步
        </Button>
      </div>
    </div>
  );
}
