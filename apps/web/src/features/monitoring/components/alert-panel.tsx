import type { MonitorAlert } from '@dso/contract';
import { rankMove } from '@dso/domain';
import { Badge, Button, Pagination, Tag } from 'antd';
import { useState } from 'react';
import { NoData } from '../../../components';
import { useMonitorAlerts, useReadAlerts } from '../api/monitor-alerts-api';
import { moverText, moveView, workName } from '../monitor-display';
import { WecomSettingDialog } from './wecom-setting-dialog';

const PAGE_SIZE = 8;

/** Where a push stands, for alerts the user asked to have pushed. */
const pushTag: Record<MonitorAlert['push_status'], { text: string; color: string } | null> = {
  none: null,
  pending: { text: '待推送', color: 'default' },
  sent: { text: '已推送', color: 'success' },
  failed: { text: '推送失败', color: 'error' },
};

/**
 * 排名预警 on /dataMarketNew: the monitored works whose rank moved a lot at a check (into or out of the top 10, or
 * 10 places or more), newest first, unread ones marked; a click marks one read, 全部已读 all of them. 企业微信推送
 * opens the push setting.
 */
export function AlertPanel() {
  const [page, setPage] = useState(1);
  const [settingOpen, setSettingOpen] = useState(false);
  const alerts = useMonitorAlerts(page, PAGE_SIZE);
  const read = useReadAlerts();
  const data = alerts.data;

  return (
    <section className="surface-box mon-card mon-alerts" data-testid="monitor-alerts">
      <div className="mon-alerts__head">
        <h2 className="surface-box__title mon-card__title">
          排名预警 <Badge count={data?.unread ?? 0} size="small" data-testid="monitor-alerts-unread" />
        </h2>
        <span className="mon-muted">进入或跌出前10名、或一次变化10名以上时提醒</span>
        <span className="mon-alerts__actions">
          <Button
            size="small"
            type="link"
            disabled={!data?.unread}
            loading={read.isPending}
            onClick={() => read.mutate({ all: true })}
          >
            全部已读
          </Button>
          <Button size="small" onClick={() => setSettingOpen(true)}>
            企业微信推送
          </Button>
        </span>
      </div>
      {!data || data.result.length === 0 ? (
        <NoData text={alerts.isPending ? '加载中' : '暂无预警'} hideImage />
      ) : (
        <ol className="mon-movers__list">
          {data.result.map((alert) => {
            const view = moveView(rankMove(alert.previous_rank, alert.rank));
            const push = pushTag[alert.push_status];
            return (
              <li key={alert.id} className={`mon-movers__item mon-alert${alert.read ? '' : ' is-unread'}`}>
                <button
                  type="button"
                  className="text-button mon-alert__body"
                  onClick={() => !alert.read && read.mutate({ ids: [alert.id] })}
                  title={alert.read ? undefined : '标记为已读'}
                >
                  <span className="mon-movers__work" title={workName(alert)}>
                    {!alert.read && <Badge status="error" />} {workName(alert)}
                  </span>
                  <span className="mon-muted">
                    {alert.day} · {alert.keyword} · {moverText(alert)}
                  </span>
                </button>
                {push && (
                  <Tag color={push.color} title={alert.push_error ?? undefined}>
                    {push.text}
                  </Tag>
                )}
                <span className={`mon-move is-${view.tone}`}>{view.label}</span>
              </li>
            );
          })}
        </ol>
      )}
      {data && data.total_record > PAGE_SIZE && (
        <Pagination
          className="mon-alerts__pages"
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total_record}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      <WecomSettingDialog open={settingOpen} onClose={() => setSettingOpen(false)} />
    </section>
  );
}
