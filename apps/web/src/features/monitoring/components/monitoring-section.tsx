import { DeleteOutlined, DownloadOutlined, LineChartOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type MonitorItem, requiredKeywordSchema } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Input, Popconfirm, Skeleton, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppPagination, NoData } from '../../../components';
import { toast } from '../../../lib/feedback';
import { handleQuotaFailure } from '../../permissions';
import {
  downloadHistory,
  monitoringKeys,
  useAddMonitor,
  useMonitorList,
  useRemoveMonitor,
} from '../api/monitoring-api';
import { KeywordUploadDialog } from './keyword-upload-dialog';
import { rankColumns } from './monitor-cells';
import '../monitoring.css';

const PAGE_SIZE = 10;
/** The history export's reach (the views' longest is 90 days). */
const EXPORT_DAYS = 90;

/** The monitoring pages a keyword item and the section link to. */
export const keywordMonitorPath = (id: number) => `/keyWordDetailMonitor?id=${id}`;

/**
 * 关键词监控 in the personal centre (`/setting?type=detectiontDouyin`, 000 §2.3): the quota (per_val / use_val),
 * adding a keyword, the keyword upload dialog, and the monitored items with their latest rank and move.
 */
export default function MonitoringSection() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [uploading, setUploading] = useState(false);
  const client = useQueryClient();
  const list = useMonitorList(page, PAGE_SIZE);
  const add = useAddMonitor();
  const remove = useRemoveMonitor();
  const use = list.data?.use;
  const remaining = use ? use.per_val - use.use_val : 0;

  const submit = () => {
    const parsed = requiredKeywordSchema.safeParse(keyword);
    if (!parsed.success) {
      toast(parsed.error.issues[0]?.message ?? '请输入关键词', 'warning');
      return;
    }
    add.mutate(
      { keyword: parsed.data, platform: 'DSO' },
      {
        onSuccess: () => {
          toast('添加成功', 'success');
          setKeyword('');
          setPage(1);
        },
        onError: (error) => handleQuotaFailure(error),
      },
    );
  };

  const columns: TableColumnsType<MonitorItem> = [
    {
      title: '关键词',
      dataIndex: 'keyword',
      render: (_, item) =>
        item.aweme_id === null ? (
          <Link to={keywordMonitorPath(item.id)} className="mon-keyword">
            {item.keyword}
          </Link>
        ) : (
          <span className="mon-keyword">{item.keyword}</span>
        ),
    },
    ...rankColumns('monitor-latest'),
    {
      title: '添加时间',
      dataIndex: 'created_at',
      render: (value: string) => formatTime(value, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, item) => (
        <span className="mon-actions">
          {item.aweme_id === null && <Link to={keywordMonitorPath(item.id)}>查看详情</Link>}
          <Popconfirm
            title="确定取消监控吗？"
            description="取消后该项的历史数据将一并删除"
            okText="确定"
            cancelText="取消"
            onConfirm={() =>
              remove.mutateAsync(item.id).then(
                () => toast('删除成功', 'success'),
                () => undefined,
              )
            }
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
              删除
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <section className="mon-section" data-testid="monitoring-section">
      <header className="mon-section__head">
        <h2 className="mon-section__title">关键词监控</h2>
        <span className="mon-quota" data-testid="monitor-quota">
          {use ? (
            <>
              已用 <b>{use.use_val}</b> / {use.per_val} 个，剩余 <b>{Math.max(0, remaining)}</b> 个
            </>
          ) : (
            '—'
          )}
        </span>
        <Link to="/dataMarketNew" className="mon-section__link">
          <LineChartOutlined /> 作品排名看板
        </Link>
        <Link to="/dailyPaper" className="mon-section__link">
          数据日报
        </Link>
        <Dropdown
          menu={{
            items: [
              { key: 'xlsx', label: '导出 Excel（近90天）' },
              { key: 'csv', label: '导出 CSV（近90天）' },
            ],
            onClick: ({ key }) => void downloadHistory(EXPORT_DAYS, key as 'csv' | 'xlsx').catch(() => undefined),
          }}
        >
          <Button size="small" icon={<DownloadOutlined />}>
            导出历史
          </Button>
        </Dropdown>
      </header>
      <div className="mon-add">
        <Input
          value={keyword}
          maxLength={30}
          placeholder="输入要监控的抖音关键词"
          aria-label="监控关键词"
          onChange={(event) => setKeyword(event.target.value)}
          onPressEnter={submit}
          onBlur={() => setKeyword((value) => value.trim())}
          style={{ maxWidth: 320 }}
        />
        <Button type="primary" icon={<PlusOutlined />} loading={add.isPending} onClick={submit}>
          添加监控
        </Button>
        <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          批量上传
        </Button>
        <span className="mon-add__hint">每日自动检测关键词下的作品排名，可在详情中监控具体作品</span>
      </div>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Table<MonitorItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.result ?? []}
            pagination={false}
            locale={{ emptyText: <NoData text="还没有监控的关键词，添加一个试试吧" /> }}
            data-testid="monitor-table"
          />
          <AppPagination
            total={list.data?.total_record ?? 0}
            current={page}
            pageSize={PAGE_SIZE}
            onChange={(next) => setPage(next)}
            hideOnSinglePage
            align="end"
          />
        </>
      )}
      <KeywordUploadDialog
        open={uploading}
        remaining={remaining}
        onClose={() => setUploading(false)}
        onAdded={() => void client.invalidateQueries({ queryKey: monitoringKeys.all })}
      />
    </section>
  );
}
