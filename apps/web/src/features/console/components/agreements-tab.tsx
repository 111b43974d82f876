import { CONSOLE_ORDERS_PAGE_SIZE, type ConsoleAgreement } from '@dso/contract';
import { usePagedList } from '../../../lib/use-paged-list';
import { consoleAgreementsQuery } from '../api/orders-api';
import { timeText, yuanText } from '../console-format';
import { PagedTable, stateTag } from './console-table';

type State = ConsoleAgreement['state'];
const stateText: Record<State, string> = { active: '生效中', ending: '待渠道解约' };
const stateColor: Record<State, string> = { active: 'green', ending: 'orange' };

/** 连续包月协议: the agreements that charge each period, or stopped here and waiting to be unsigned. */
export function AgreementsTab() {
  const agreements = usePagedList(consoleAgreementsQuery, CONSOLE_ORDERS_PAGE_SIZE);
  return (
    <PagedTable<ConsoleAgreement>
      rowKey="id"
      size="small"
      list={agreements}
      locale={{ emptyText: '暂无生效中的连续包月协议' }}
      columns={[
        { title: '用户', dataIndex: 'phone', render: (phone: string | null, row) => phone ?? `ID ${row.user_id}` },
        { title: '套餐', dataIndex: 'plan_name' },
        { title: '每期扣款', dataIndex: 'cycle_fen', align: 'right', render: (fen: number) => yuanText(fen) },
        { title: '下次扣款日', dataIndex: 'next_charge_on', render: (day: string | null) => day ?? '—' },
        { title: '签约时间', dataIndex: 'sign_time', render: timeText },
        { title: '状态', dataIndex: 'state', render: stateTag(stateText, stateColor) },
        { title: '协议号', dataIndex: 'id' },
      ]}
    />
  );
}
