import { NotificationError, type NotificationProvider } from './index';

/**
 * 企业微信 group robot (群机器人) webhook, as documented at developer.work.weixin.qq.com/document/path/91770:
 * POST {base}/cgi-bin/webhook/send?key=KEY with a JSON body `{"msgtype":"markdown","markdown":{"content":…}}`
 * (content at most 4096 bytes of UTF-8); the answer is `{"errcode":0,"errmsg":"ok"}` or a non-zero errcode.
 * A robot takes at most 20 messages a minute (errcode 45009 beyond that).
 */
export interface WecomRobotOptions {
  /** https://qyapi.weixin.qq.com, or a fake server in tests. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** The documented limit of a markdown message's content, in UTF-8 bytes. */
export const WECOM_MARKDOWN_MAX_BYTES = 4096;

/** errcodes that mean "later": the robot's frequency limit, and the documented "system busy" (-1). */
const retryableCodes = new Set([45009, -1]);

export function createWecomRobot(options: WecomRobotOptions): NotificationProvider {
  const fetchImpl = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/cgi-bin/webhook/send`;
  return {
    name: 'wecom',
    pushes: true,
    async send(target, message) {
      if (Buffer.byteLength(message.markdown, 'utf8') > WECOM_MARKDOWN_MAX_BYTES) {
        // The caller splits long digests; a message this long would be refused (errcode 40058) anyway.
        throw new NotificationError('refused', `消息超过 ${WECOM_MARKDOWN_MAX_BYTES} 字节`);
      }
      let response: Response;
      try {
        response = await fetchImpl(`${endpoint}?key=${encodeURIComponent(target.webhookKey)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ msgtype: 'markdown', markdown: { content: message.markdown } }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new NotificationError('unavailable', `企业微信无法连接：${(error as Error).message}`);
      }
      const text = await response.text().catch(() => '');
      let reply: { errcode?: unknown; errmsg?: unknown };
      try {
        reply = JSON.parse(text) as typeof reply;
      } catch {
        throw new NotificationError('unavailable', `企业微信返回了无法识别的内容 (HTTP ${response.status})`);
      }
      if (typeof reply.errcode !== 'number') {
        throw new NotificationError('unavailable', `企业微信返回了无法识别的内容 (HTTP ${response.status})`);
      }
      if (reply.errcode === 0) return;
      const errmsg = typeof reply.errmsg === 'string' ? reply.errmsg.slice(0, 200) : '';
      throw new NotificationError(
        retryableCodes.has(reply.errcode) ? (reply.errcode === 45009 ? 'rate_limited' : 'unavailable') : 'refused',
        `企业微信返回：${errmsg || '未知错误'} (${reply.errcode})`,
        reply.errcode,
      );
    },
  };
}
