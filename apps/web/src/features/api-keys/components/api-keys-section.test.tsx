import { type ApiKeyItem, ApiKeyPath, apiKeyMessages, Code, PermissionPath } from '@dso/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import '../../../components/testing/render-widget';
import { request } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import ApiKeysSection, { SHOWN_ONCE_TEXT } from './api-keys-section';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<
  (path: string, options?: { body?: unknown; query?: Record<string, unknown> }) => unknown
>;

const NEW_KEY = `dso_${'N'.repeat(43)}`;

const keyItem = (id: number, name: string, lastUsedAt: string | null = null): ApiKeyItem => ({
  id,
  name,
  prefix: `dso_key${id}abcd`,
  created_at: '2026-03-02T02:00:00.000Z',
  last_used_at: lastUsedAt,
});

let keys: ApiKeyItem[];
let units: { per_val: number; use_val: number };
let createRefusal: ApiError | null;

const renderSection = (viewer: 'VIP' | 'FREE' = 'VIP') => renderAtRoute(<ApiKeysSection />, { viewer });

/** antd's dialogs and tables are slow in jsdom, slower still on a busy machine. */
const DIALOG_TEST_TIMEOUT = 60_000;

describe('ApiKeysSection', () => {
  beforeEach(() => {
    keys = [keyItem(1, '选词脚本', '2026-03-02T06:30:00.000Z'), keyItem(2, '助手')];
    units = { per_val: 1000, use_val: 3 };
    createRefusal = null;
    requestMock.mockReset();
    requestMock.mockImplementation(async (path, options) => {
      const body = options?.body as { id?: number; name?: string } | undefined;
      if (path === ApiKeyPath.list) return { items: keys, max_keys: 10, calls_per_minute: 60 };
      if (path === PermissionPath.use && options?.query?.permission === 'API_UNIT_DAY_COUNT') return units;
      if (path === ApiKeyPath.create) {
        if (createRefusal) throw createRefusal;
        const item = { ...keyItem(9, body?.name ?? ''), prefix: NEW_KEY.slice(0, 12) };
        keys = [item, ...keys];
        return { item, key: NEW_KEY };
      }
      if (path === ApiKeyPath.rename) {
        keys = keys.map((key) => (key.id === body?.id ? { ...key, name: body?.name ?? '' } : key));
        return keys.find((key) => key.id === body?.id);
      }
      if (path === ApiKeyPath.revoke) {
        keys = keys.filter((key) => key.id !== body?.id);
        return null;
      }
      throw new Error(`unexpected ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    useDialogs.setState({
      open: { ...useDialogs.getState().open, pay: false, noPermission: false },
      payload: {},
    });
  });

  it(
    "lists the keys by prefix only, with when each was made and last used, and today's units",
    async () => {
      renderSection();
      const row = (await screen.findByText('选词脚本')).closest('tr') as HTMLElement;
      expect(within(row).getByText('dso_key1abcd…')).toBeTruthy();
      expect(row.textContent).toContain('2026-03-02 10:00');
      expect(row.textContent).toContain('2026-03-02 14:30');
      const unused = screen.getByText('助手').closest('tr') as HTMLElement;
      expect(unused.textContent).toContain('从未使用');
      for (const header of ['名称', '前缀', '创建时间', '最近使用', '操作']) {
        expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
      }
      await waitFor(() => expect(screen.getByTestId('api-units').textContent).toContain('已用 3 / 1000，剩余 997'));
      expect(screen.getByRole('link', { name: '接口文档' }).getAttribute('href')).toBe('/open/v1/docs');
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'makes a key, shows it once with a copy button and the warning, and never again after closing',
    async () => {
      const writeText = vi.fn(async () => {});
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      renderSection();
      await screen.findByText('选词脚本');
      fireEvent.click(screen.getByRole('button', { name: '新建密钥' }));
      const dialog = await screen.findByRole('dialog');
      const input = within(dialog).getByPlaceholderText('请输入密钥名称');
      fireEvent.change(input, { target: { value: '字'.repeat(21) } });
      fireEvent.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
      expect(await within(dialog).findByText(apiKeyMessages.nameTooLong)).toBeTruthy();
      expect(requestMock).not.toHaveBeenCalledWith(ApiKeyPath.create, expect.anything());

      fireEvent.change(input, { target: { value: ' 看板同步 ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
      await waitFor(() =>
        expect(requestMock).toHaveBeenCalledWith(ApiKeyPath.create, { method: 'POST', body: { name: '看板同步' } }),
      );
      expect(((await within(dialog).findByTestId('api-key-created')) as HTMLInputElement).value).toBe(NEW_KEY);
      expect(within(dialog).getByText(SHOWN_ONCE_TEXT)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: /复\s*制/ }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW_KEY));

      fireEvent.click(within(dialog).getByRole('button', { name: '我已保存，关闭' }));
      const row = (await screen.findByText('看板同步')).closest('tr') as HTMLElement;
      expect(within(row).getByText(`${NEW_KEY.slice(0, 12)}…`)).toBeTruthy();
      await waitFor(() => expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull());
      expect(document.body.textContent).not.toContain(NEW_KEY);
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'renames a key',
    async () => {
      renderSection();
      const row = (await screen.findByText('助手')).closest('tr') as HTMLElement;
      fireEvent.click(within(row).getByRole('button', { name: '重命名' }));
      const dialog = await screen.findByRole('dialog');
      const input = within(dialog).getByPlaceholderText('请输入密钥名称') as HTMLInputElement;
      expect(input.value).toBe('助手');
      fireEvent.change(input, { target: { value: 'Claude 助手' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      await waitFor(() =>
        expect(requestMock).toHaveBeenCalledWith(ApiKeyPath.rename, {
          method: 'POST',
          body: { id: 2, name: 'Claude 助手' },
        }),
      );
      expect(await screen.findByText('Claude 助手')).toBeTruthy();
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'revokes a key only after confirming',
    async () => {
      renderSection();
      const row = (await screen.findByText('选词脚本')).closest('tr') as HTMLElement;
      fireEvent.click(within(row).getByRole('button', { name: /撤\s*销/ }));
      const confirm = await screen.findByRole('tooltip');
      expect(confirm.textContent).toContain('无法恢复');
      expect(requestMock).not.toHaveBeenCalledWith(ApiKeyPath.revoke, expect.anything());
      fireEvent.click(within(confirm).getByRole('button', { name: /撤\s*销/ }));
      await waitFor(() =>
        expect(requestMock).toHaveBeenCalledWith(ApiKeyPath.revoke, { method: 'POST', body: { id: 1 } }),
      );
      await waitFor(() => expect(screen.queryByText('选词脚本')).toBeNull());
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'offers the upgrade instead of 新建密钥 to a grade without API units',
    async () => {
      units = { per_val: 0, use_val: 0 };
      keys = [];
      renderSection('FREE');
      const upgrade = await screen.findByRole('button', { name: '立即升级' });
      expect(screen.queryByRole('button', { name: '新建密钥' })).toBeNull();
      expect(screen.getByText('还没有 API 密钥')).toBeTruthy();
      fireEvent.click(upgrade);
      expect(useDialogs.getState().open.pay).toBe(true);
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'opens the upgrade dialog when the server refuses a key for want of API units',
    async () => {
      createRefusal = new ApiError(Code.NEEDS_UPGRADE, '权限不足，升级会员版本可查看更多数据~', {
        alias: 'API_UNIT_DAY_COUNT',
        reason: 'lacking',
        action: 'pay',
        grade: 'VIP',
      });
      renderSection();
      await screen.findByText('选词脚本');
      fireEvent.click(screen.getByRole('button', { name: '新建密钥' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByPlaceholderText('请输入密钥名称'), { target: { value: '脚本' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
      await waitFor(() => expect(useDialogs.getState().open.noPermission).toBe(true));
    },
    DIALOG_TEST_TIMEOUT,
  );

  it(
    'disables 新建密钥 at ten live keys',
    async () => {
      keys = Array.from({ length: 10 }, (_, index) => keyItem(index + 1, `密钥${index + 1}`));
      renderSection();
      await screen.findByText('密钥10');
      expect((screen.getByRole('button', { name: '新建密钥' }) as HTMLButtonElement).disabled).toBe(true);
    },
    DIALOG_TEST_TIMEOUT,
  );
});
