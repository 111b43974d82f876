import { LegalPath } from '@dso/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderAtRoute } from '../../../components/testing/render-route';
import { request } from '../../../lib/api/client';
import { AgreementLine } from '../../account/testing';
import PrivacyPolicyPage from './privacy-policy-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string) => unknown>;

describe('the legal documents', () => {
  afterEach(cleanup);

  it('shows the privacy policy from the server as headings, a table and text, without any of its markup', async () => {
    requestMock.mockImplementation(async (path) => {
      expect(path).toBe(LegalPath.doc.replace(':doc', 'privacy-policy'));
      return {
        title: '隐私政策',
        markdown: '# 隐私政策\n\n| 信息 | 保存期限 |\n| --- | --- |\n| 手机号 | **注销后删除** |\n\n<b>不是标签</b>',
      };
    });
    renderAtRoute(<PrivacyPolicyPage />, { keepSession: true });
    expect(await screen.findByRole('heading', { level: 1, name: '隐私政策' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: '保存期限' })).toBeTruthy();
    expect(within(table).getByText('注销后删除').tagName).toBe('STRONG');
    expect(screen.getByText('<b>不是标签</b>')).toBeTruthy();
  });

  it('links both documents from the login forms, opening them in a new tab', () => {
    renderAtRoute(<AgreementLine />, { keepSession: true });
    const terms = screen.getByRole('link', { name: '《用户协议》' });
    const privacy = screen.getByRole('link', { name: '《隐私政策》' });
    expect(terms.getAttribute('href')).toBe('/legal/user-agreement');
    expect(privacy.getAttribute('href')).toBe('/legal/privacy-policy');
    expect(privacy.getAttribute('target')).toBe('_blank');
  });
});
