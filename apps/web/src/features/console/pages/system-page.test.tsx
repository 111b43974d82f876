import { type ConsoleSystem, ConsoleSystemPath } from '@dso/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { staffMe } from '../testing';
import SystemPage from './system-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

const PAGE_TEST_TIMEOUT = 60_000;
const admin = staffMe('管理员', ['system.read']);

const system: ConsoleSystem = {
  env: 'production',
  database: 'postgres',
  version: '0.1.0',
  commit: '3be0b9f',
  services: [
    { variable: 'SMS_PROVIDER', label: '短信', provider: 'aliyun', sandbox: false },
    { variable: 'INVOICE_PROVIDER', label: '发票', provider: 'sandbox', sandbox: true },
  ],
  checks: [
    {
      variable: 'SMS_PROVIDER',
      passed: true,
      problem: 'SMS_PROVIDER: 生产环境不能使用沙箱服务（sandbox），请配置真实服务商',
    },
    {
      variable: 'INVOICE_PROVIDER',
      passed: false,
      problem: 'INVOICE_PROVIDER: 生产环境不能使用沙箱服务（sandbox），请配置真实服务商',
    },
  ],
  migrations: [
    { tag: '0027_keyword_overall_index', create_time: 1_767_225_600, applied: true },
    { tag: '0028_console', create_time: 1_767_300_000, applied: false },
  ],
  unknown_migrations: 0,
};

describe('the system page', () => {
  it(
    'shows each service’s provider, the failing production checks, the version and unapplied migrations',
    async () => {
      answerRequests({ [ConsoleSystemPath.system]: () => system });
      renderAtRoute(<SystemPage me={admin} />, { path: '/admin/system', url: '/admin/system' });
      await screen.findByText('3be0b9f');
      expect(screen.getByText('PostgreSQL')).toBeTruthy();
      const sms = screen.getByText('aliyun').closest('tr')!;
      expect(within(sms).getByText('正式')).toBeTruthy();
      const invoice = screen.getByText('发票').closest('tr')!;
      expect(within(invoice).getByText('沙箱')).toBeTruthy();
      expect(screen.getByText('1 项未通过：生产环境（NODE_ENV=production）将拒绝启动')).toBeTruthy();
      expect(screen.getByText('生产环境不能使用沙箱服务（sandbox），请配置真实服务商')).toBeTruthy();
      expect(screen.getByText('1 个迁移尚未执行')).toBeTruthy();
      expect(within(screen.getByText('0028_console').closest('tr')!).getByText('未执行')).toBeTruthy();
    },
    PAGE_TEST_TIMEOUT,
  );
});
