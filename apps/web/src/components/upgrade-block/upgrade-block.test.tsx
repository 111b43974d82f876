import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openedDialogs, renderWidget } from '../testing/render-widget';
import { UpgradeBlock } from './upgrade-block';

const upgradeButton = () => screen.queryByRole('button', { name: /立即升级/ });

describe('UpgradeBlock', () => {
  it('tells the user their rights are insufficient by default', () => {
    renderWidget(<UpgradeBlock />, { viewer: 'FREE' });
    expect(screen.getByText('权限不足，升级会员版本可查看更多数据~')).toBeTruthy();
  });

  it('opens the pay dialog with the next tier preselected', () => {
    renderWidget(<UpgradeBlock />, { viewer: 'FREE' });
    fireEvent.click(upgradeButton() as HTMLElement);
    const { open, payload } = openedDialogs();
    expect(open.pay).toBe(true);
    expect(payload.pay).toEqual({ grade: 'VIP' });
  });

  it('preselects the needed tier when it is above the next one', () => {
    renderWidget(<UpgradeBlock needed="EVIP" />, { viewer: 'VIP' });
    fireEvent.click(upgradeButton() as HTMLElement);
    expect(openedDialogs().payload.pay).toEqual({ grade: 'EVIP' });
  });

  it('hides its buy button for EVIP', () => {
    renderWidget(<UpgradeBlock />, { viewer: 'EVIP' });
    expect(screen.getByText('权限不足，升级会员版本可查看更多数据~')).toBeTruthy();
    expect(upgradeButton()).toBeNull();
  });

  it('hides its buy button for GVIP too', () => {
    renderWidget(<UpgradeBlock />, { viewer: 'GVIP' });
    expect(upgradeButton()).toBeNull();
  });

  it('sends visitors to the login dialog first', () => {
    renderWidget(<UpgradeBlock />);
    fireEvent.click(upgradeButton() as HTMLElement);
    const { open } = openedDialogs();
    expect(open.login).toBe(true);
    expect(open.pay).toBe(false);
  });

  it('goes to /pay in link mode', () => {
    renderWidget(<UpgradeBlock action="link" message="今日次数已用尽，请升级会员版本增加查看次数~" />, {
      viewer: 'SVIP',
    });
    fireEvent.click(upgradeButton() as HTMLElement);
    expect(screen.getByTestId('address').textContent).toBe('/pay');
  });
});
