import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Code, LegalPath } from '@dso/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing';

const docUrl = (doc: string) => LegalPath.doc.replace(':doc', doc);

describe('the legal documents', () => {
  let shipped: TestApp;
  let operated: TestApp;
  let legalDir: string;

  beforeAll(async () => {
    legalDir = await mkdtemp(path.join(tmpdir(), 'dso-legal-'));
    await writeFile(
      path.join(legalDir, 'user-agreement.md'),
      '# 用户协议\n\n{{company_name}} 的协议，联系：{{contact}}',
    );
    const site = {
      ...loadConfig({ NODE_ENV: 'test' }).site,
      company_name: '示例科技有限公司',
      email: 'privacy@example.com',
    };
    shipped = await createTestApp();
    operated = await createTestApp({ config: { legalDir, site } });
  });
  afterAll(async () => {
    await shipped.close();
    await operated.close();
    await rm(legalDir, { recursive: true, force: true });
  });

  it('serves the shipped privacy policy to a visitor, naming what is collected and who receives it', async () => {
    const body = (await shipped.request({ method: 'GET', url: docUrl('privacy-policy') })).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.title).toBe('隐私政策');
    for (const fact of [
      '手机号',
      '保存期限',
      '支付宝',
      '微信支付',
      '阿里云短信',
      '大模型服务商',
      '平台数据服务商',
      '15 天',
    ]) {
      expect(body.data.markdown).toContain(fact);
    }
    // Placeholders never reach the reader, even with no operator details set.
    expect(body.data.markdown).not.toMatch(/\{\{/);
    expect(body.data.markdown).toContain('本网站运营者');
  });

  it("serves the operator's own file with the operator's details, and the shipped one where the folder has none", async () => {
    const own = (await operated.request({ method: 'GET', url: docUrl('user-agreement') })).json();
    expect(own.data.markdown).toBe(
      '# 用户协议\n\n示例科技有限公司 的协议，联系：邮箱 privacy@example.com；页面上的“联系客服”',
    );
    const fallback = (await operated.request({ method: 'GET', url: docUrl('privacy-policy') })).json();
    expect(fallback.data.markdown).toContain('示例科技有限公司（以下简称“我们”）');
  });

  it('answers 400 for a document it does not have', async () => {
    const body = (await shipped.request({ method: 'GET', url: docUrl('terms') })).json();
    expect(body.code).toBe(Code.BAD_REQUEST);
  });
});
