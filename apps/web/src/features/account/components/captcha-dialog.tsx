import { Modal } from 'antd';
import { cancelCaptcha, completeCaptcha, useCaptchaDialog } from '../captcha';
import { SliderCaptcha } from './slider-captcha';

/** The built-in slider captcha as a dialog: before every SMS send, and once on a 660 challenge (001 §4, 002 §8). */
export function CaptchaDialog() {
  // Tencent's widget draws its own window; this dialog is the built-in slider's.
  const open = useCaptchaDialog((state) => state.open && state.kind === 'slider');
  const mode = useCaptchaDialog((state) => state.mode);
  return (
    <Modal
      open={open}
      title="安全验证"
      width={348}
      centered
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={cancelCaptcha}
      className="dso-captcha-dialog"
      zIndex={1100}
    >
      <p className="dso-captcha-dialog__lead">
        {mode === 'challenge' ? '检测到访问异常，请完成验证后继续' : '为保障账号安全，请先完成拼图验证'}
      </p>
      <SliderCaptcha onSolved={completeCaptcha} />
    </Modal>
  );
}
