import { FramePath, type PreparingStep } from '@dso/contract';
import { Progress, Result } from 'antd';
import { useEffect } from 'react';
import { request } from '../../../lib/api/client';
import { usePreparing } from '../../../stores/preparing';
import './preparing-notice.css';

/** How often the notice asks whether the server is ready (the server's Retry-After). */
export const PREPARING_POLL_MS = 2_000;

/** The reload at the first real answer; one seam so tests can watch it. */
export const preparingActions = {
  reload() {
    window.location.reload();
  },
};

const stateText: Record<PreparingStep['state'], string> = { done: '已完成', running: '准备中', waiting: '待准备' };

/**
 * A first start still preparing its demo data: a full-page notice over the app with the
 * server's sentence, its progress and each library's state. It asks the server again every 2 s (each
 * preparing answer updates it through the response handler) and reloads the page at the first real
 * answer, so every call the page made while it waited is made again.
 */
export function PreparingNotice() {
  const notice = usePreparing((state) => state.notice);
  const waiting = notice !== null;

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      request(FramePath.serverTime, { silent: true }).then(
        () => {
          if (stopped) return;
          stopped = true;
          preparingActions.reload();
        },
        // Still preparing (the handler took the new figure) or the server is restarting: ask again.
        () => undefined,
      );
    }, PREPARING_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [waiting]);

  if (!notice) return null;
  return (
    <div className="preparing-notice" role="status" aria-live="polite" data-testid="preparing-notice">
      <Result
        status="info"
        title={notice.msg}
        subTitle="准备好后页面会自动刷新"
        extra={
          <div className="preparing-notice-progress">
            <Progress percent={notice.preparing.percent} status="active" />
            <ul className="preparing-notice-steps">
              {notice.preparing.steps.map((step) => (
                <li key={step.name} data-state={step.state}>
                  <span>{step.name}</span>
                  <span>{step.detail ? `${stateText[step.state]}（${step.detail}）` : stateText[step.state]}</span>
                </li>
              ))}
            </ul>
          </div>
        }
      />
    </div>
  );
}
