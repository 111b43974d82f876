import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useDialogs } from '../../../stores/dialogs';
import * as captcha from '../captcha';
import { fail, mockApi, ok } from '../testing/mock-api';
import { SmsCodeButton } from './sms-code-button';

const PHONE = '13800000001';
const button = () => screen.getByTestId('sms-code-button') as HTMLButtonElement;

/** Lets the click's promise chain (captcha, fetch, envelope) settle under fake timers. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('SmsCodeButton', () => {
  const toast = spyOnToast();
  let askCaptcha: MockInstance<typeof captcha.requestCaptcha>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    askCaptcha = vi.spyOn(captcha, 'requestCaptcha').mockResolvedValue({ randstr: 'puzzle-1', ticket: 'ticket-1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each([
    [
      'refuses an empty phone with a one-second error toast and asks for no captcha',
      { phone: '', refusal: '手机号码不能为空！' },
    ],
    ['does nothing while the phone has fewer than 11 digits', { phone: '1380000', refusal: null }],
    ['refuses 11 digits that are not a mobile number', { phone: '12800000001', refusal: '请输入有效的手机号码！' }],
  ])('%s', async (_does, { phone, refusal }) => {
    renderWidget(<SmsCodeButton api={1} phone={phone} />);
    fireEvent.click(button());
    await settle();
    if (refusal) expect(toast).toHaveBeenCalledWith(refusal, 'error', 1000);
    else expect(toast).not.toHaveBeenCalled();
    expect(askCaptcha).not.toHaveBeenCalled();
  });

  it('sends after the captcha, says 发送成功 and counts 60 seconds down, then offers 重新发送', async () => {
    const { calls } = mockApi({ '/api/user/send': ok({ countdown: 60 }, '发送成功') });
    renderWidget(<SmsCodeButton api={1} phone={PHONE} />);
    expect(button().textContent).toBe('获取验证码');
    fireEvent.click(button());
    await settle();
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/user/send', { phone: PHONE, randstr: 'puzzle-1', ticket: 'ticket-1', type: 'RawPhone' }],
    ]);
    expect(toast).toHaveBeenCalledWith('发送成功', 'success', 2000);
    expect(button().textContent).toBe('获取验证码(60s)');
    expect(button().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(button().textContent).toBe('获取验证码(59s)');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(button().textContent).toBe('重新发送');
    expect(button().disabled).toBe(false);
  });

  it('counts down as Ns in the short style and says 发送验证码 when asked', async () => {
    mockApi({ '/api/user/send': ok({ countdown: 60 }) });
    renderWidget(<SmsCodeButton api={1} phone={PHONE} idleText="发送验证码" countdown="short" />);
    expect(button().textContent).toBe('发送验证码');
    fireEvent.click(button());
    await settle();
    expect(button().textContent).toBe('60s');
  });

  it('sends the unbind variant (api 5) to user/send with type UnBind', async () => {
    const { calls } = mockApi({ '/api/user/send': ok({ countdown: 60 }) });
    renderWidget(<SmsCodeButton api={5} phone={PHONE} />);
    fireEvent.click(button());
    await settle();
    expect(calls[0]?.body).toMatchObject({ type: 'UnBind' });
  });

  it('closes the login dialog and shows the message on 205', async () => {
    mockApi({ '/api/user/send/login': fail(205, '该手机号已绑定其他微信') });
    useDialogs.getState().openDialog('login');
    renderWidget(<SmsCodeButton api={2} phone={PHONE} />);
    fireEvent.click(button());
    await settle();
    expect(openedDialogs().open.login).toBe(false);
    expect(toast.mock.calls).toEqual([['该手机号已绑定其他微信', 'warning', 2000]]);
    expect(button().textContent).toBe('获取验证码');
  });

  it('splits 发送过于频繁,37 on the comma: a 37 s countdown and the message for 2 s, no error dialog', async () => {
    mockApi({ '/api/user/fast_send': fail(500, '发送过于频繁,37') });
    renderWidget(<SmsCodeButton api={3} phone={PHONE} />);
    fireEvent.click(button());
    await settle();
    expect(toast.mock.calls).toEqual([['发送过于频繁', 'error', 2000]]);
    expect(button().textContent).toBe('获取验证码(37s)');
    expect(button().disabled).toBe(true);
    expect(useDialogs.getState().errorDialog).toBeNull();
  });

  it('asks for a new captcha once when the send answers 660', async () => {
    let sends = 0;
    mockApi({
      '/api/user/send': () => (++sends === 1 ? fail(660, '请完成安全验证') : ok({ countdown: 60 })),
    });
    renderWidget(<SmsCodeButton api={1} phone={PHONE} />);
    fireEvent.click(button());
    await settle();
    expect(askCaptcha).toHaveBeenCalledTimes(2);
    expect(button().textContent).toBe('获取验证码(60s)');
  });

  it('sends nothing when the captcha is closed unsolved', async () => {
    askCaptcha.mockRejectedValue(new captcha.CaptchaCancelled());
    const { calls } = mockApi({});
    renderWidget(<SmsCodeButton api={1} phone={PHONE} />);
    fireEvent.click(button());
    await settle();
    expect(calls).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });
});
