import { CreditCardOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { orderMessages } from '@dso/contract';
import { cardCodeLimits, compactCardCode, formatCardCodeInput, isCardCodeComplete } from '@dso/domain';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { AppDialog } from '../../../components/app-dialog/app-dialog';
import { toast } from '../../../lib/feedback';
import { useMemberDialog } from '../../../lib/use-member-dialog';
import { reloadPage } from '../../account';
import { exchangeCard, inspectCard } from '../api/card-api';
import '../orders-setting.css';

/** 兑换成功 shows this long before the page reloads (001 §4). */
export const CARD_RELOAD_DELAY_MS = 1000;

/**
 * The membership-card exchange dialog (001 §2, §4, §5), opened through the `cardExchange` dialog flag.
 * The code is typed in groups of 4 (at most 12 characters shown) and confirm enables at exactly 10
 * characters. Confirming checks the code first: an OFFSET card asks 注意 before redeeming, any other
 * redeems at once; 兑换成功 is followed by a reload after 1 s. Visitors get the login dialog instead.
 */
export function CardExchangeDialog() {
  // Redeeming needs an account: a visitor who reaches the dialog gets the login dialog instead.
  const { open, shown, close } = useMemberDialog('cardExchange');
  const [code, setCode] = useState('');
  const [offsetCode, setOffsetCode] = useState<string | null>(null);

  // Every opening starts from an empty box.
  useEffect(() => {
    if (!open) {
      setCode('');
      setOffsetCode(null);
    }
  }, [open]);

  const redeem = async (compact: string) => {
    await exchangeCard(compact);
    setOffsetCode(null);
    close();
    toast(orderMessages.exchangeSuccess, 'success', CARD_RELOAD_DELAY_MS);
    setTimeout(reloadPage, CARD_RELOAD_DELAY_MS);
  };

  const confirm = async () => {
    const compact = compactCardCode(code).toUpperCase();
    const inspection = await inspectCard(compact);
    if (inspection.type === 'OFFSET') {
      setOffsetCode(compact);
      return;
    }
    await redeem(compact);
  };

  return (
    <>
      <AppDialog
        open={shown && offsetCode === null}
        title="兑换会员卡"
        width={440}
        confirmText="立即兑换"
        confirmDisabled={!isCardCodeComplete(code)}
        onConfirm={confirm}
        onCancel={close}
        className="orders-card-dialog"
      >
        <div className="orders-card" data-testid="card-exchange-dialog">
          <Input
            size="large"
            aria-label="卡密"
            placeholder={`请输入${cardCodeLimits.length}位卡密`}
            prefix={<CreditCardOutlined />}
            value={code}
            maxLength={cardCodeLimits.inputMax}
            autoComplete="off"
            spellCheck={false}
            className="orders-card__input"
            onChange={(event) => setCode(formatCardCodeInput(event.target.value).toUpperCase())}
          />
          <p className="orders-card__warning">
            <ExclamationCircleFilled aria-hidden />
            {orderMessages.cardWarning}
          </p>
        </div>
      </AppDialog>
      <AppDialog
        open={open && offsetCode !== null}
        title={orderMessages.offsetTitle}
        width={400}
        onConfirm={() => (offsetCode ? redeem(offsetCode) : undefined)}
        onCancel={() => setOffsetCode(null)}
      >
        <p className="orders-card__offset">{orderMessages.offsetConfirm}</p>
      </AppDialog>
    </>
  );
}
