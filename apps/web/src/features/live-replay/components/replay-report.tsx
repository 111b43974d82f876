import type { LiveReplay } from '@dso/contract';
import { Card, Collapse, Empty, List, Table, Tag, Timeline } from 'antd';
import { EChart, useChartTheme } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { formatElapsed, formatPrice } from '../../live';
import { replayCurveOption } from './replay-chart-option';

/** Seconds from the start as H:MM:SS. */
const at = (seconds: number) => formatElapsed(0, Math.round(seconds), 0);

/** One of the report's two columns of points: what to keep, or what to change. */
function PointsCard({ title, kind, points }: { title: string; kind: 'keep' | 'change'; points: string[] }) {
  return (
    <Card title={title} size="small" className={`lr-${kind}`}>
      <ul className="lr-points" data-testid={`replay-${kind}`}>
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * A finished replay's report: the overview, the online curve with its peaks marked, the timeline of
 * stretches, the goods and when they were talked about, what to keep and what to change, and the
 * transcript.
 */
export function ReplayReport({ replay }: { replay: LiveReplay }) {
  const { palette } = useChartTheme();
  const report = replay.report!;
  return (
    <div className="lr-report" data-testid="replay-report">
      <Card title="复盘总结" size="small">
        <p className="lr-report__overview">{report.overview}</p>
      </Card>

      <Card title="在线人数与峰值" size="small">
        {replay.curve.length > 0 ? (
          <>
            <EChart
              option={replayCurveOption(replay.curve, report.peaks, palette)}
              height={300}
              ariaLabel="在线人数曲线与峰值"
              testId="replay-curve"
            />
            <List
              size="small"
              dataSource={report.peaks}
              locale={{ emptyText: '全场在线人数平稳，没有明显峰值' }}
              renderItem={(peak) => (
                <List.Item data-testid="replay-peak">
                  <span>
                    <Tag color="orange">第{peak.minute}分钟</Tag>在线 {formatFigure(peak.online)} 人（+
                    {formatFigure(peak.rise)}）<span className="lr-muted">　当时在说：{peak.said}</span>
                  </span>
                </List.Item>
              )}
            />
          </>
        ) : (
          <Empty description="上传的录像没有在线人数数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>

      <div className="lr-report__columns">
        <PointsCard title="值得保留" kind="keep" points={report.keep} />
        <PointsCard title="需要改进" kind="change" points={report.change} />
      </div>

      <Card title="直播时间线" size="small">
        <Timeline
          data-testid="replay-timeline"
          items={report.segments.map((segment) => ({
            children: (
              <div>
                <div className="lr-segment__head">
                  <span className="lr-muted">
                    {at(segment.start)} – {at(segment.end)}
                  </span>
                  <b>{segment.title}</b>
                </div>
                <div className="lr-muted">{segment.summary}</div>
              </div>
            ),
          }))}
        />
      </Card>

      <Card title="商品讲解" size="small">
        <Table
          size="small"
          rowKey="title"
          pagination={false}
          dataSource={report.mentions}
          data-testid="replay-mentions"
          locale={{ emptyText: '没有商品信息' }}
          columns={[
            { title: '商品', dataIndex: 'title' },
            {
              title: '价格',
              dataIndex: 'price',
              render: (price: number | null) => (price === null ? '--' : formatPrice(price)),
            },
            {
              title: '提及次数',
              dataIndex: 'count',
              render: (count: number) => (count === 0 ? <Tag color="red">未提及</Tag> : count),
            },
            {
              title: '讲解时间点',
              dataIndex: 'moments',
              render: (moments: number[]) =>
                moments.length === 0
                  ? '--'
                  : `${moments.slice(0, 6).map(at).join('、')}${moments.length > 6 ? ` 等${moments.length}处` : ''}`,
            },
          ]}
        />
      </Card>

      <Collapse
        items={[
          {
            key: 'transcript',
            label: `完整转写（${replay.transcript.length} 段）`,
            children: (
              <ol className="lr-transcript">
                {replay.transcript.map((segment) => (
                  <li key={`${segment.start}-${segment.end}`}>
                    <span className="lr-muted">{at(segment.start)}</span> {segment.text}
                  </li>
                ))}
              </ol>
            ),
          },
        ]}
      />
    </div>
  );
}
