import { CLIENT_VERSION, Code, encodeSignHeader, FramePath, SIGN_WINDOW_MS, SignHeader } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { createTestApp, signedInjectOptions, type TestApp } from '../testing';
import { useTestApp } from '../testing/route-suite';

describe('the envelope for every failure class', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/app-error', async () => {
          throw new AppError(Code.TOAST, '今日次数已用尽，明天再来试试吧~');
        });
        app.get('/api/test/throttled', async () => {
          throw new AppError(Code.SERVER_ERROR, '发送过于频繁,40', null, 429);
        });
        app.get('/api/test/crash', async () => {
          throw new Error('secret internal detail');
        });
        app.get('/api/test/db-fault', async () => {
          await app.db.execute(sql`select * from no_such_table`);
          return null;
        });
      },
    });
  });
  afterAll(async () => t.close());

  it('answers an AppError with its own code and message', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: Code.TOAST, msg: '今日次数已用尽，明天再来试试吧~', data: null });
  });

  it('keeps the spec code but lets a business refusal say 429 on the wire', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/throttled' });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: Code.SERVER_ERROR, msg: '发送过于频繁,40', data: null });
  });

  it('answers a thrown error with 500 and the spec text, never the detail', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: Code.SERVER_ERROR, msg: '好像哪里出错了，稍后试试吧', data: null });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });

  it('answers a database fault with the envelope', async () => {
    const response = await t.request({ method: 'GET', url: '/api/test/db-fault' });
    expect(response.json()).toEqual({ code: Code.SERVER_ERROR, msg: '好像哪里出错了，稍后试试吧', data: null });
    expect(response.body).not.toContain('no_such_table');
  });

  it('answers an unknown api path with 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no/such/call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: Code.NOT_FOUND, msg: '请求的内容不存在', data: null });
  });

  it('answers a known path with the wrong method with 405', async () => {
    const response = await t.request({ method: 'DELETE', url: FramePath.friendLinks });
    expect(response.json().code).toBe(Code.METHOD_NOT_ALLOWED);
  });

  it('answers malformed JSON with 400', async () => {
    const options = signedInjectOptions({ method: 'POST', url: FramePath.event });
    const response = await t.app.inject({
      ...options,
      headers: { ...options.headers, 'content-type': 'application/json' },
      payload: '{"uid": ',
    });
    expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg: '参数错误', data: null });
  });

  it('answers a validation failure with 400 and a Chinese message', async () => {
    const response = await t.request({ method: 'POST', url: FramePath.event, body: { uid: 3 } });
    const body = response.json();
    expect(body.code).toBe(Code.BAD_REQUEST);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('carries a request id on every answer', async () => {
    const response = await t.request({
      method: 'GET',
      url: FramePath.friendLinks,
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('sets security headers', async () => {
    const response = await t.request({ method: 'GET', url: FramePath.friendLinks });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('request signing', () => {
  const t = useTestApp();

  it('accepts a good signature on GET (header) and POST (query)', async () => {
    const get = await t.request({ method: 'GET', url: FramePath.friendLinks });
    expect(get.json().code).toBe(Code.OK);
    const post = await t.request({ method: 'POST', url: FramePath.event, body: { uid: 'v', pe: 'p', ce: 'c' } });
    expect(post.json().code).toBe(Code.OK);
  });

  it('rejects a call with no signature', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: FramePath.friendLinks,
      headers: { [SignHeader.VERSION]: CLIENT_VERSION },
    });
    expect(response.json()).toEqual({ code: Code.CLIENT_INTEGRITY, msg: '请求签名缺失，请刷新页面', data: null });
  });

  it('rejects a call without the client version marker', async () => {
    const options = signedInjectOptions({ method: 'GET', url: FramePath.friendLinks });
    const headers = { ...(options.headers as Record<string, string>) };
    delete headers[SignHeader.VERSION];
    const response = await t.app.inject({ ...options, headers });
    expect(response.json().code).toBe(Code.CLIENT_INTEGRITY);
    expect(response.json().msg).toBe('客户端版本标识缺失，请刷新页面');
  });

  it('rejects a stale timestamp outside the window', async () => {
    const stale = Date.now() - SIGN_WINDOW_MS - 1000;
    const response = await t.request({ method: 'GET', url: FramePath.friendLinks, ts: stale });
    expect(response.json()).toEqual({
      code: Code.CLIENT_INTEGRITY,
      msg: '请求已过期，请校准电脑时间后刷新页面',
      data: null,
    });
  });

  it('accepts a timestamp just inside the window', async () => {
    const response = await t.request({
      method: 'GET',
      url: FramePath.friendLinks,
      ts: Date.now() - SIGN_WINDOW_MS + 5000,
    });
    expect(response.json().code).toBe(Code.OK);
  });

  it('rejects a forged signature', async () => {
    const forged = encodeSignHeader({ ts: Date.now(), he: '0123456789abcdef', sign: 'f'.repeat(64) });
    const response = await t.app.inject({
      method: 'GET',
      url: FramePath.friendLinks,
      headers: { [SignHeader.VERSION]: CLIENT_VERSION, [SignHeader.SIGNATURE]: forged },
    });
    expect(response.json()).toEqual({ code: Code.CLIENT_INTEGRITY, msg: '请求签名无效，请刷新页面', data: null });
  });

  it('rejects a signature made for another path', async () => {
    const options = signedInjectOptions({ method: 'POST', url: FramePath.sessionStatistic });
    const url = String(options.url).replace(FramePath.sessionStatistic, FramePath.event);
    const response = await t.app.inject({ ...options, url, payload: { uid: 'v', pe: 'p', ce: 'c' } });
    expect(response.json().code).toBe(Code.CLIENT_INTEGRITY);
  });

  it('rejects an unknown path that is unsigned before saying it is unknown', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.json().code).toBe(Code.CLIENT_INTEGRITY);
  });
});
