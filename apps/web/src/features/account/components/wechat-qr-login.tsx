import { WechatOutlined } from '@ant-design/icons';
import { Code, WECHAT_QR_TTL_SECONDS, WechatPath, type WechatQr } from '@dso/contract';
import { QRCode } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, NETWORK_FAILURE } from '../../../lib/api/errors';
import { toast } from '../../../lib/feedback';
import { writeSession } from '../../../lib/storage';
import { useMountedRef } from '../../../lib/use-mounted';
import { useDialogs } from '../../../stores/dialogs';
import { fetchWechatQr, pollWechatLogin } from '../api/wechat-api';
import { finishLogin, rememberCurrentPath } from '../session-actions';

/** The QR is shown at most this many times: the first and 3 refreshes (001 §4, §9). */
export const WECHAT_QR_ROUNDS = 4;
/** Where the WeChat `open_id` waits while the user binds a phone (001 §3). */
export const OPEN_ID_KEY = 'open_id';
/**
 * The client retires a QR this much before the server does, so no poll is ever sent for a ticket
 * the server already considers expired (that answer is an HTTP 404, which browsers log as an error).
 */
export const QR_EXPIRY_MARGIN_MS = 2000;
/** What a dropped long poll reports (001 §4). */
export const POLL_INTERRUPTED_MESSAGE = '长连接已中断';

type QrStatus = 'loading' | 'active' | 'scanned' | 'expired';

/** Payload of the bind-phone dialog: the WeChat account waiting for a phone. */
export interface BindPhonePayload {
  openId: string;
}

/** True when the QR leads to the sandbox's scan page rather than to WeChat. */
function isSandboxQr(url: string): boolean {
  try {
    return new URL(url).pathname === WechatPath.sandboxScan;
  } catch {
    return false;
  }
}

/**
 * WeChat QR login (001 §4): fetch a QR, long-poll its ticket; the QR expires after 60 s and is
 * refreshed while the round counter (starting at 1) is below 4, then the login dialog closes.
 * need_bind stores the open_id and hands over to the bind-phone dialog; done logs in.
 */
export function WechatQrLogin() {
  const [qr, setQr] = useState<WechatQr | null>(null);
  const [status, setStatus] = useState<QrStatus>('loading');
  const round = useRef(1);
  const mounted = useMountedRef();

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const next = await fetchWechatQr();
      if (!mounted.current) return;
      setQr(next);
      setStatus('active');
    } catch {
      if (mounted.current) setStatus('expired');
    }
  }, [mounted]);

  useEffect(() => {
    void load();
  }, [load]);

  // Each QR gets its own poll and its own expiry; a new QR (or closing the dialog) ends both.
  useEffect(() => {
    if (!qr) return;
    const controller = new AbortController();
    const expire = () => {
      controller.abort();
      if (round.current < WECHAT_QR_ROUNDS) {
        round.current += 1;
        void load();
        return;
      }
      setStatus('expired');
      rememberCurrentPath();
      useDialogs.getState().closeDialog('login');
    };
    const ttl = (qr.expire_seconds || WECHAT_QR_TTL_SECONDS) * 1000 - QR_EXPIRY_MARGIN_MS;
    const timer = setTimeout(expire, ttl);
    void poll(qr.ticket, controller.signal, {
      onScanned: () => setStatus('scanned'),
      onExpired: () => {
        clearTimeout(timer);
        expire();
      },
      onInterrupted: () => {
        clearTimeout(timer);
        setStatus('expired');
      },
    });
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [qr, load]);

  const refresh = () => {
    round.current = 1;
    void load();
  };

  return (
    <div className="dso-wechat-login" data-testid="wechat-login">
      <div className="dso-wechat-login__card">
        <QRCode
          value={qr?.qr_code_url ?? '-'}
          size={176}
          type="svg"
          color="#0d0f14"
          bgColor="#ffffff"
          bordered={false}
          status={status}
          onRefresh={refresh}
          data-testid="wechat-qr"
        />
      </div>
      <p className="dso-wechat-login__title">
        <WechatOutlined /> {status === 'scanned' ? '扫码成功，请在手机上确认登录' : '微信扫码，安全登录'}
      </p>
      <p className="dso-wechat-login__hint">首次扫码将引导您绑定手机号，完成注册</p>
      {qr && isSandboxQr(qr.qr_code_url) && status !== 'expired' && (
        <a
          className="dso-wechat-login__sandbox"
          href={qr.qr_code_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="wechat-sandbox-link"
        >
          沙箱：在新标签页打开扫码页
        </a>
      )}
    </div>
  );
}

/** The shortest time between two polls. */
const MIN_POLL_INTERVAL_MS = 500;

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

interface PollHandlers {
  onScanned(): void;
  onExpired(): void;
  onInterrupted(): void;
}

/** The long-poll loop of one ticket until it logs in, needs a bind, expires or is aborted. */
async function poll(ticket: string, signal: AbortSignal, handlers: PollHandlers) {
  while (!signal.aborted) {
    const started = performance.now();
    let result: Awaited<ReturnType<typeof pollWechatLogin>>;
    try {
      result = await pollWechatLogin(ticket, signal);
    } catch (error) {
      if (signal.aborted) return;
      if (isApiError(error, Code.NOT_FOUND)) handlers.onExpired();
      else if (isApiError(error, NETWORK_FAILURE)) {
        toast(POLL_INTERRUPTED_MESSAGE, 'warning', 2000);
        handlers.onInterrupted();
      } else {
        if (isApiError(error)) toast(error.message);
        handlers.onInterrupted();
      }
      return;
    }
    if (signal.aborted) return;
    if (result.status === 'waiting' || result.status === 'scanned') {
      if (result.status === 'scanned') handlers.onScanned();
      // A server that answers at once instead of holding the request must not be hammered.
      if (performance.now() - started < MIN_POLL_INTERVAL_MS) await wait(MIN_POLL_INTERVAL_MS, signal);
      continue;
    }
    if (result.status === 'need_bind') {
      writeSession(OPEN_ID_KEY, result.open_id);
      const dialogs = useDialogs.getState();
      dialogs.closeDialog('login');
      const payload: BindPhonePayload = { openId: result.open_id };
      dialogs.openDialog('bindPhone', payload);
      return;
    }
    if (result.status === 'done') {
      await finishLogin(result).catch(() => undefined);
      return;
    }
  }
}
