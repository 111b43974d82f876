import { WechatPath, type WechatQr } from '@dso/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxWechat } from '../../../providers/wechat/sandbox';
import { createTestApp, type TestApp } from '../../../testing';

// Building an app takes a while on a loaded machine; each suite builds one.
const buildTimeout = 120_000;

describe('the sandbox QR link without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, buildTimeout);
  afterAll(async () => t.close());

  const qrFrom = async (headers: Record<string, string>) =>
    (await t.request({ method: 'GET', url: WechatPath.qr, headers })).json().data as WechatQr;

  it('points at the host and port the browser used', async () => {
    expect(t.app.config.publicUrl).toBeUndefined();
    const link = new URL((await qrFrom({ host: '127.0.0.1:9123' })).qr_code_url);
    expect(link.origin).toBe('http://127.0.0.1:9123');
    expect(link.pathname).toBe(WechatPath.sandboxScan);
  });

  it('takes the scheme and host a trusted proxy forwarded', async () => {
    // Test apps trust the proxy at 127.0.0.1, the address inject connects from.
    const qr = await qrFrom({
      host: '10.0.0.5:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'dso.example.cn',
    });
    expect(new URL(qr.qr_code_url).origin).toBe('https://dso.example.cn');
  });
});

describe('the sandbox QR link with PUBLIC_URL', () => {
  it('uses PUBLIC_URL whatever address the request came to', async () => {
    const wechat = createSandboxWechat({ publicUrl: 'https://dso.example.cn' });
    const qr = await wechat.createLoginQr('scene', 'http://127.0.0.1:9123');
    expect(new URL(qr.qrCodeUrl).origin).toBe('https://dso.example.cn');
  });
});

describe('the sandbox pages in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only a hand-made config gets this far: loadConfig refuses sandbox providers in production.
    t = await createTestApp({ config: { env: 'production' } });
  }, buildTimeout);
  afterAll(async () => t.close());

  it('are not registered even when a sandbox provider is handed in', async () => {
    expect(t.app.hasRoute({ method: 'GET', url: WechatPath.sandboxScan })).toBe(false);
    expect(t.app.hasRoute({ method: 'POST', url: WechatPath.sandboxConfirm })).toBe(false);
    expect(t.app.apiRoutes.list().filter((route) => route.url.startsWith('/api/sandbox/'))).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `${WechatPath.sandboxScan}?ticket=x` });
    expect(page.statusCode).toBe(404);
  });
});
