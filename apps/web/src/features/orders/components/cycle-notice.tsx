import { SyncOutlined } from '@ant-design/icons';
import { orderMessages } from '@dso/contract';
import { gradeNames, normalizeGrade, yuanText } from '@dso/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { AppDialog } from '../../../components/app-dialog/app-dialog';
import { toast } from '../../../lib/feedback';
import { useCancelCycle, useCycleInfo } from '../api/cycle-api';
import '../orders-setting.css';

/**
 * The member's running 连续包月 in 我的订单 (Alipay 周期扣款): what the next period costs and
 * the day it is charged, and 取消连续包月 after a confirmation. Cancelling stops later charges only:
 * the period already paid runs to its end. Nothing shows without a running plan.
 */
export function CycleNotice() {
  const info = useCycleInfo();
  const cancel = useCancelCycle();
  const [confirming, setConfirming] = useState(false);
  const cycle = info.data;
  if (!cycle) return null;
  return (
    <div className="orders-cycle" data-testid="cycle-notice">
      <SyncOutlined className="orders-cycle__icon" aria-hidden />
      <p className="orders-cycle__text">
        {gradeNames[normalizeGrade(cycle.grade)]}连续包月生效中
        {cycle.next_charge_date
          ? `，将于 ${cycle.next_charge_date} 通过支付宝自动续费 ¥${yuanText(cycle.cycle_price)}`
          : ''}
      </p>
      <Button size="small" onClick={() => setConfirming(true)}>
        取消连续包月
      </Button>
      <AppDialog
        open={confirming}
        title="取消连续包月"
        confirmText="确认取消"
        cancelText="再想想"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await cancel.mutateAsync();
          setConfirming(false);
          toast(orderMessages.cycleCancelled, 'success', 2000);
        }}
      >
        <p>取消后将不再自动续费，已支付的会员期限不受影响，到期前仍可正常使用。</p>
      </AppDialog>
    </div>
  );
}
