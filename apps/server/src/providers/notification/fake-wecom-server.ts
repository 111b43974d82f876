import { createServer } from 'node:http';
import { closeServer, listenLocally, readBody } from '../fake-server';

/**
 * Test-only: a local stand-in for qyapi.weixin.qq.com's group robot webhook. It answers like 企业微信 does:
 * `{"errcode":0,"errmsg":"ok"}` for a well-formed message to a known key; 93000 "invalid webhook url" for an
 * unknown key; 40008 for an unknown msgtype; 44004 for empty content; 40058 for content over the limit
 * (4096 bytes of markdown, 2048 of text); 45009 past 20 messages a minute to one robot. Tests can also make
 * it drop the connection or answer garbage.
 */
export interface FakeWecom {
  url: string;
  /** Keys of the robots that exist. */
  keys: Set<string>;
  /** Every accepted message, by key. */
  received: Array<{ key: string; msgtype: string; content: string }>;
  /** Every request as received (method, path, content type, raw body), accepted or not. */
  requests: Array<{ method: string; path: string; contentType: string; body: string }>;
  /** What the next requests get instead of the normal answer, consumed one per request. */
  faults: Array<'drop' | 'garbage' | 'busy'>;
  close(): Promise<void>;
}

const PER_MINUTE = 20;
const limits: Record<string, number> = { markdown: 4096, text: 2048 };

export async function startFakeWecom(options: { keys?: string[]; now?: () => number } = {}): Promise<FakeWecom> {
  const now = options.now ?? Date.now;
  const sentAt = new Map<string, number[]>();
  const state: FakeWecom = {
    url: '',
    keys: new Set(options.keys ?? []),
    received: [],
    requests: [],
    faults: [],
    close: () => closeServer(server),
  };

  const answer = (url: URL, body: string): Record<string, unknown> => {
    const key = url.searchParams.get('key') ?? '';
    if (url.pathname !== '/cgi-bin/webhook/send' || !state.keys.has(key)) {
      return {
        errcode: 93000,
        errmsg:
          'invalid webhook url, hint: [1700000000_fake], more info at https://open.work.weixin.qq.com/devtool/query?e=93000',
      };
    }
    let message: { msgtype?: unknown; [type: string]: unknown };
    try {
      message = JSON.parse(body);
    } catch {
      return { errcode: 40001, errmsg: 'invalid json' };
    }
    const msgtype = typeof message.msgtype === 'string' ? message.msgtype : '';
    const limit = limits[msgtype];
    if (!limit) return { errcode: 40008, errmsg: 'invalid message type' };
    const content = (message[msgtype] as { content?: unknown } | undefined)?.content;
    if (typeof content !== 'string' || content === '') return { errcode: 44004, errmsg: 'empty content' };
    if (Buffer.byteLength(content, 'utf8') > limit)
      return { errcode: 40058, errmsg: `content exceed max length ${limit}` };
    const minute = (sentAt.get(key) ?? []).filter((at) => at > now() - 60_000);
    if (minute.length >= PER_MINUTE) return { errcode: 45009, errmsg: 'api freq out of limit' };
    sentAt.set(key, [...minute, now()]);
    state.received.push({ key, msgtype, content });
    return { errcode: 0, errmsg: 'ok' };
  };

  const server = createServer(async (request, response) => {
    const body = (await readBody(request)).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    state.requests.push({
      method: request.method ?? '',
      path: url.pathname,
      contentType: request.headers['content-type'] ?? '',
      body,
    });
    const fault = state.faults.shift();
    if (fault === 'drop') {
      request.socket.destroy();
      return;
    }
    if (fault === 'garbage') {
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
      return;
    }
    const reply =
      fault === 'busy'
        ? { errcode: -1, errmsg: 'system busy' }
        : request.method === 'POST'
          ? answer(url, body)
          : { errcode: 40001, errmsg: 'method not allowed' };
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(reply));
  });
  state.url = await listenLocally(server);
  return state;
}
