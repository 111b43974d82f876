import { consoleMessages } from '@dso/contract';
import { Form, Input } from 'antd';
import { toast } from '../../../lib/feedback';
import { confirmRules, newPasswordRules } from '../../../lib/form-rules';
import { showConsoleRefusal } from '../api/console-request';
import { changeConsolePassword } from '../api/session-api';
import { FormDialog } from './form-dialog';

/** 修改密码: the staff member's own password, given the old one; their other browsers are logged out. */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm();
  const change = async ({ old_password, new_password }: Record<string, string>) => {
    const result = await changeConsolePassword({
      old_password: old_password ?? '',
      new_password: new_password ?? '',
    }).catch((error: unknown) => {
      // 原密码错误 and the like were shown by the client; the dialog stays open with what was typed.
      showConsoleRefusal(error);
      throw error;
    });
    toast(result.ended_sessions > 0 ? '密码已修改，其他设备上的登录已退出' : '密码已修改', 'success');
  };
  return (
    <FormDialog<Record<string, string>>
      title="修改密码"
      okText="确认修改"
      open={open}
      onClose={onClose}
      onSubmit={change}
      form={form}
    >
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
    </FormDialog>
  );
}
