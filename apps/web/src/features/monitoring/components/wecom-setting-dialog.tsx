import { monitorAlertMessages } from '@dso/contract';
import { Alert, Button, Input, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/feedback';
import { useAlertSetting, useSaveAlertSetting, useTestAlertSetting } from '../api/monitor-alerts-api';

export interface WecomSettingDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 企业微信推送: the user's own group robot (群设置 → 群机器人 → 添加, then copy its Webhook 地址). Alerts always show
 * in the in-app list; with this on they also go to the group, once per check round as one message.
 */
export function WecomSettingDialog({ open, onClose }: WecomSettingDialogProps) {
  const setting = useAlertSetting(open);
  const save = useSaveAlertSetting();
  const test = useTestAlertSetting();
  const [enabled, setEnabled] = useState(false);
  const [webhook, setWebhook] = useState('');

  useEffect(() => {
    if (open && setting.data) {
      setEnabled(setting.data.wecom_enabled);
      setWebhook('');
    }
  }, [open, setting.data]);

  const saved = setting.data?.webhook_hint ?? '';
  const onSave = async () => {
    if (enabled && !saved && !webhook.trim()) {
      toast(monitorAlertMessages.webhookMissing, 'warning');
      return;
    }
    try {
      await save.mutateAsync({ wecom_enabled: enabled, ...(webhook.trim() ? { webhook: webhook.trim() } : {}) });
      toast(monitorAlertMessages.saved, 'success');
      onClose();
    } catch {
      // The client has shown the server's message.
    }
  };
  const onTest = async () => {
    try {
      if (webhook.trim()) await save.mutateAsync({ wecom_enabled: enabled, webhook: webhook.trim() });
      toast(await test.mutateAsync(), 'success', 3000);
      setWebhook('');
    } catch {
      // The client has shown the server's message (企业微信's refusal, a wrong address).
    }
  };

  return (
    <Modal
      title="企业微信推送"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="test" onClick={onTest} loading={test.isPending} disabled={!saved && !webhook.trim()}>
          发送测试消息
        </Button>,
        <Button key="save" type="primary" onClick={onSave} loading={save.isPending}>
          保存
        </Button>,
      ]}
    >
      <div className="mon-wecom" data-testid="wecom-setting">
        {setting.data && !setting.data.push_available && (
          <Alert type="info" showIcon title={monitorAlertMessages.testSandbox} />
        )}
        <div className="mon-wecom__row">
          <span>排名大幅变化时推送到企业微信群</span>
          <Switch checked={enabled} onChange={setEnabled} aria-label="推送到企业微信群" />
        </div>
        <div className="mon-wecom__row is-column">
          <span id="wecom-webhook-label">群机器人 Webhook 地址</span>
          <Input
            aria-labelledby="wecom-webhook-label"
            value={webhook}
            onChange={(event) => setWebhook(event.target.value)}
            placeholder={
              saved ? `已保存（${saved}），填写新地址可替换` : 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…'
            }
            maxLength={300}
            allowClear
          />
          <span className="mon-muted">
            在企业微信群的「群设置 → 群机器人」中添加机器人，复制它的 Webhook 地址粘贴到这里。
          </span>
        </div>
      </div>
    </Modal>
  );
}
