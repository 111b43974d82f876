import { type ConsoleLoginStep, consoleMessages, readTooFrequent, SMS_RESEND_SECONDS } from '@dso/contract';
import { accountMessages } from '@dso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { phoneRules } from '../../../lib/form-rules';
import { useCountdown } from '../../../lib/use-countdown';
import { consoleMeKey, finishConsoleLogin, startConsoleLogin } from '../api/session-api';

/**
 * The console's own login (staff accounts, not members): 手机号 and 密码, then the 短信验证码 sent to the
 * staff member's phone. Success refreshes who is logged in, and the console shows.
 */
export function ConsoleLogin({ notice }: { notice?: string | null }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<ConsoleLoginStep | null>(null);
  const [busy, setBusy] = useState(false);
  // What the password step was sent with: 重新发送验证码 sends it again for a new code.
  const [credentials, setCredentials] = useState<{ phone: string; password: string } | null>(null);
  const resend = useCountdown();

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The client has shown the refusal (手机号或密码错误, 验证码错误 …).
    } finally {
      setBusy(false);
    }
  };

  const sendPassword = (values: { phone: string; password: string }) =>
    run(async () => {
      const sent = { phone: values.phone.trim(), password: values.password };
      try {
        setStep(await startConsoleLogin(sent.phone, sent.password));
      } catch (error) {
        const wait = error instanceof ApiError ? readTooFrequent(error.message) : null;
        if (wait) resend.start(wait.seconds);
        throw error;
      }
      setCredentials(sent);
      resend.start(SMS_RESEND_SECONDS);
    });

  const sendCode = (values: { code: string }) =>
    run(async () => {
      const me = await finishConsoleLogin(values.code.trim());
      queryClient.setQueryData(consoleMeKey, me);
    });

  return (
    <div className="console-login">
      <Card className="console-login-card" title="DSO 运营后台">
        <Typography.Paragraph type="secondary">仅限员工使用，会员账号无法登录。</Typography.Paragraph>
        {notice && <Typography.Paragraph type="warning">{notice}</Typography.Paragraph>}
        {step === null ? (
          <Form layout="vertical" onFinish={sendPassword} requiredMark={false} key="password">
            <Form.Item name="phone" label="手机号" rules={phoneRules}>
              <Input placeholder="请输入手机号" maxLength={11} autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              label="密码"
              rules={[{ required: true, message: consoleMessages.passwordRequired }]}
            >
              <Input.Password placeholder="请输入密码" autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              下一步
            </Button>
          </Form>
        ) : (
          <Form layout="vertical" onFinish={sendCode} requiredMark={false} key="code">
            <Typography.Paragraph>
              验证码已发送至 {step.phone}，{Math.round(step.expires_in / 60)}分钟内有效。
            </Typography.Paragraph>
            <Form.Item
              name="code"
              label="短信验证码"
              rules={[{ required: true, message: accountMessages.codeRequired }]}
            >
              <Input placeholder="请输入验证码" maxLength={6} autoComplete="one-time-code" inputMode="numeric" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              登录
            </Button>
            <Button
              type="link"
              block
              disabled={busy || resend.seconds > 0 || credentials === null}
              onClick={() => credentials && void sendPassword(credentials)}
            >
              {resend.seconds > 0 ? `重新发送验证码(${resend.seconds}s)` : '重新发送验证码'}
            </Button>
            <Button type="link" block onClick={() => setStep(null)}>
              返回修改手机号或密码
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
