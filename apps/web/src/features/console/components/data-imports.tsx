import {
  type ConsoleImportItem,
  type ConsoleImportTarget,
  consoleDataMessages,
  type VideoImportKind,
  videoImportKinds,
} from '@dso/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { FilePickButton, LoadFailed } from '../../../components';
import { useConsoleAction } from '../api/console-request';
import { dataKey, importListQuery, importReportQuery, uploadImport } from '../api/data-api';
import { timeText } from '../console-format';
import { DataStatusTag } from './data-status';
import { ReasonDialog } from './reason-dialog';

/** The kinds of video-data file (docs/data-format.md, Video data), as the dialog offers them. */
const videoKindLabels: Record<VideoImportKind, string> = {
  creators: '达人',
  follower_history: '粉丝历史',
  videos: '作品',
  comments: '评论',
  trends: '作品趋势',
  portraits: '受众画像',
  live_sessions: '直播场次',
  live_minutes: '直播分钟数据',
  topics: '话题',
  topic_videos: '话题作品',
};

const accepted: Record<ConsoleImportTarget, string> = {
  keywords: '.csv,.xlsx,.xls,.jsonl,.ndjson',
  videos: '.csv,.jsonl,.ndjson',
};

interface ImportForm {
  target: ConsoleImportTarget;
  kind?: VideoImportKind;
  file: File;
}

/** 导入: upload a keyword or video-data file with a reason, then follow its per-row report. */
export function DataImports() {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<{ target: ConsoleImportTarget; id: number } | null>(null);
  const act = useConsoleAction(dataKey.all);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        上传关键词或视频数据文件，导入在后台运行；同一行再次导入会更新而不会重复。完成后显示逐行报告。
      </Typography.Text>
      <Button type="primary" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        导入文件
      </Button>
      {shown && <ImportReportCard target={shown.target} id={shown.id} />}
      <RecentImports onShow={setShown} />
      <ReasonDialog<ImportForm>
        title="导入文件"
        okText="上传"
        open={open}
        onClose={() => setOpen(false)}
        initialValues={{ target: 'keywords' }}
        onSubmit={({ target, kind, file, reason }) =>
          act(async () => {
            const { report } = await uploadImport({ target, file, reason, ...(kind ? { kind } : {}) });
            setShown({ target, id: report.id });
          }, '已提交导入')
        }
      >
        <Form.Item name="target" label="数据">
          <Radio.Group
            options={[
              { value: 'keywords', label: '关键词' },
              { value: 'videos', label: '视频数据' },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(before, after) => before.target !== after.target}>
          {({ getFieldValue }) => {
            const target = getFieldValue('target') as ConsoleImportTarget;
            return (
              <>
                {target === 'videos' && (
                  <Form.Item name="kind" label="数据类型" rules={[{ required: true, message: '请选择数据类型' }]}>
                    <Select
                      placeholder="选择文件中的数据类型"
                      options={videoImportKinds.map((kind) => ({
                        value: kind,
                        label: `${videoKindLabels[kind]}（${kind}）`,
                      }))}
                    />
                  </Form.Item>
                )}
                <Form.Item
                  name="file"
                  label="文件"
                  extra={target === 'keywords' ? 'CSV、XLSX、XLS 或 JSONL' : 'CSV 或 JSONL'}
                  rules={[{ required: true, message: '请选择要上传的文件' }]}
                >
                  <FileField accept={accepted[target]} />
                </Form.Item>
              </>
            );
          }}
        </Form.Item>
      </ReasonDialog>
    </Space>
  );
}

/** The data an import holds, in words: 关键词, or 视频数据 and its kind. */
const dataText = (target: ConsoleImportTarget, kind: string | null) =>
  target === 'keywords' ? '关键词' : `视频数据 · ${videoKindLabels[kind as VideoImportKind] ?? kind}`;

/** The latest imports of both kinds (uploads and command-line runs); one's report opens above. */
function RecentImports({ onShow }: { onShow(shown: { target: ConsoleImportTarget; id: number }): void }) {
  const { data = [], isLoading } = useQuery(importListQuery);
  return (
    <Table<ConsoleImportItem>
      size="small"
      rowKey={(item) => `${item.target}:${item.id}`}
      loading={isLoading}
      dataSource={data}
      pagination={false}
      title={() => '最近导入'}
      columns={[
        { title: '文件', dataIndex: 'source', ellipsis: true },
        { title: '数据', render: (_, item) => dataText(item.target, item.kind) },
        { title: '状态', dataIndex: 'status', render: (status) => <DataStatusTag status={status} /> },
        { title: '总行数', dataIndex: 'total_rows' },
        { title: '新增', dataIndex: 'inserted_rows' },
        { title: '更新', dataIndex: 'updated_rows' },
        { title: '拒绝', dataIndex: 'error_rows' },
        { title: '提交时间', dataIndex: 'created_at', render: (at: string) => timeText(Date.parse(at) / 1000) },
        {
          title: '操作',
          render: (_, item) => (
            <Button size="small" onClick={() => onShow({ target: item.target, id: item.id })}>
              查看报告
            </Button>
          ),
        },
      ]}
    />
  );
}

/** A form control holding one picked file, shown by name. */
function FileField({ accept, value, onChange }: { accept: string; value?: File; onChange?: (file: File) => void }) {
  return (
    <Space>
      <FilePickButton
        accept={accept}
        inputTestId="console-import-file"
        onPick={(files) => files[0] && onChange?.(files[0])}
      />
      <Typography.Text>{value?.name ?? '未选择文件'}</Typography.Text>
    </Space>
  );
}

/** An import's progress, then its counts and each refused row with its number and why. */
function ImportReportCard({ target, id }: { target: ConsoleImportTarget; id: number }) {
  const { data, isError, refetch } = useQuery(importReportQuery(target, id));
  if (isError) return <LoadFailed message={consoleDataMessages.importNotFound} onRetry={() => void refetch()} />;
  if (!data) return <Card loading />;
  const { report } = data;
  return (
    <Card title={`导入报告 #${report.id}`} size="small">
      <Descriptions size="small" column={4}>
        <Descriptions.Item label="文件">{report.source}</Descriptions.Item>
        <Descriptions.Item label="数据">
          {dataText(data.target, data.target === 'videos' ? data.report.kind : null)}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <DataStatusTag status={report.status} />
        </Descriptions.Item>
        <Descriptions.Item label="总行数">{report.total_rows}</Descriptions.Item>
        <Descriptions.Item label="新增">{report.inserted_rows}</Descriptions.Item>
        <Descriptions.Item label="更新">{report.updated_rows}</Descriptions.Item>
        <Descriptions.Item label="拒绝">{report.error_rows}</Descriptions.Item>
        {data.target === 'keywords' && (
          <Descriptions.Item label="派生">{data.report.scopes.join('、') || '—'}</Descriptions.Item>
        )}
      </Descriptions>
      {report.failure && <Alert type="error" showIcon message={`整个文件未能导入：${report.failure}`} />}
      {report.errors.length > 0 && (
        <Table
          size="small"
          rowKey={(row) => `${row.row}:${row.column ?? ''}:${row.message}`}
          dataSource={report.errors}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          title={() =>
            report.error_rows > report.errors.length
              ? `被拒绝的行（共 ${report.error_rows} 行，列出前 ${report.errors.length} 条原因）`
              : '被拒绝的行'
          }
          columns={[
            { title: '行号', dataIndex: 'row', width: 90 },
            { title: '列', dataIndex: 'column', width: 180, render: (column: string | null) => column ?? '—' },
            { title: '原因', dataIndex: 'message' },
          ]}
        />
      )}
    </Card>
  );
}
