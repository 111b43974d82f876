import { LockFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { openLoginDialog } from '../../../components';

/** What a visitor of a shared keyword is invited to log in for (000 §6: guests see limited data). */
export function LoginPromptCard() {
  return (
    <section className="section-card kd-card kd-login-prompt" data-testid="share-login-prompt">
      <div className="kd-login-prompt__art">
        <svg viewBox="0 0 320 90" preserveAspectRatio="none" aria-hidden="true">
          <path
            d="M0 70 C 30 60, 50 68, 80 52 S 130 30, 160 42 S 210 20, 240 26 S 290 10, 320 14"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          />
        </svg>
      </div>
      <div className="kd-login-prompt__body">
        <LockFilled className="kd-login-prompt__icon" aria-hidden />
        <div className="kd-login-prompt__text">登录后查看搜索趋势、全平台对比、竞争分析与人群画像</div>
        <Button type="primary" shape="round" onClick={openLoginDialog}>
          马上登录
        </Button>
      </div>
    </section>
  );
}
