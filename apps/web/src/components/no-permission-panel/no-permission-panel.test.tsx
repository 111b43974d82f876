import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openedDialogs, renderWidget } from '../testing/render-widget';
import { type NoPermissionFeature, NoPermissionPanel } from './no-permission-panel';

const features: [NoPermissionFeature, string][] = [
  ['keyword', '关键词数据'],
  ['video', '视频数据'],
  ['creator', '达人数据'],
  ['comment', '评论分析'],
  ['portrait', '用户画像'],
  ['monitor', '排名监控'],
  ['ai', 'AI创作'],
];

/** The title drawn into a sample picture; the pictures are small enough to be inlined as data. */
function pictureTitle(image: HTMLElement) {
  const source = decodeURIComponent(image.getAttribute('src') ?? '');
  return /<title>(.*?)<\/title>/.exec(source)?.[1];
}

describe('NoPermissionPanel', () => {
  it.each(features)('shows the %s sample picture', (type, name) => {
    renderWidget(<NoPermissionPanel type={type} />, { viewer: 'FREE' });
    expect(pictureTitle(screen.getByRole('img', { name: `${name}示例图` }))).toBe(`${name}示例`);
  });

  it('says 权限不足，升级会员版本可查看更多数据~ over the sample', () => {
    renderWidget(<NoPermissionPanel type="portrait" />, { viewer: 'FREE' });
    expect(screen.getByText('权限不足，升级会员版本可查看更多数据~')).toBeTruthy();
  });

  it('opens the pay dialog for the needed tier from 立即升级', () => {
    renderWidget(<NoPermissionPanel type="comment" needed="SVIP" />, { viewer: 'FREE' });
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    const { open, payload } = openedDialogs();
    expect(open.pay).toBe(true);
    expect(payload.pay).toEqual({ grade: 'SVIP' });
  });

  it('goes to /pay in link mode', () => {
    renderWidget(<NoPermissionPanel type="video" action="link" />, { viewer: 'VIP' });
    fireEvent.click(screen.getByRole('button', { name: '立即升级' }));
    expect(screen.getByTestId('address').textContent).toBe('/pay');
  });

  it('shows a custom message such as a row cap', () => {
    renderWidget(<NoPermissionPanel type="keyword" message="您的个人版会员只能看200条数据，升级会员查看更多" />, {
      viewer: 'VIP',
    });
    expect(screen.getByText('您的个人版会员只能看200条数据，升级会员查看更多')).toBeTruthy();
  });

  it('offers no buy button to EVIP', () => {
    renderWidget(<NoPermissionPanel type="monitor" />, { viewer: 'EVIP' });
    expect(screen.queryByRole('button', { name: '立即升级' })).toBeNull();
  });
});
