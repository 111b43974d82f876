import { consoleMessages } from '@dso/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { confirmRules, newPasswordRules } from '../../../lib/form-rules';
import { showConsoleRefusal } from '../api/console-request';
import { changeConsolePassword } from '../api/session-api';

/** 修改密码: the staff member's own password, given the old one; their other browsers are logged out. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { old_password, new_password } = (await form.validateFields()) as Record<string, string>;
    setBusy(true);
    try {
      const result = await changeConsolePassword({
        old_password: old_password ?? '',
        new_password: new_password ?? '',
      });
      toast(result.ended_sessions > 0 ? '密码已修改，其他设备上的登录已退出' : '密码已修改', 'success');
      form.resetFields();
      onClose();
    } catch (error) {
      // 原密码错误 and the like were shown by the client; the dialog stays open with what was typed.
      showConsoleRefusal(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="修改密码"
      open={open}
      okText="确认修改"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="old_password"
          label="原密码"
          rules={[{ required: true, message: consoleMessages.passwordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="new_password" label="新密码" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['new_password']}
          rules={confirmRules(form, 'new_password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
