import { CalendarOutlined, EyeOutlined, ShareAltOutlined } from '@ant-design/icons';
import { type KeywordRow, type KeywordSource, keywordSourceLabel } from '@dso/contract';
import { Button, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { CompetitionStars, GlossaryTip, GrowthText } from '../../../components';
import { toast } from '../../../lib/feedback';
import { formatFigure } from '../../../lib/figures';
import { keywordSharePath } from '../../../lib/keyword-addresses';
import { FigureCard } from './figure-card';
import { FigureTip } from './figure-tip';
import { PlatformBadge } from './platform-badge';

export interface KeywordSummaryProps {
  row: KeywordRow;
  /** Daily detail views left after this open; absent on the share page. */
  viewsLeft?: number | null;
  /** Shows the copy-share-link button. */
  canShare?: boolean;
  /** Shown on the right of the card, beside the share button. */
  aside?: ReactNode;
  /** Shown after the keyword's name, e.g. the collect button. */
  titleExtra?: ReactNode;
}

async function copyShareLink(row: KeywordRow) {
  const url = new URL(keywordSharePath(row), window.location.origin).toString();
  try {
    await navigator.clipboard.writeText(url);
    toast('分享链接已复制', 'success');
  } catch {
    toast(`复制失败，请手动复制：${url}`, 'warning');
  }
}

/** The keyword's title card: name, library, tags, dates and what is left of today's detail views. */
export function KeywordSummary({ row, viewsLeft, canShare = true, aside, titleExtra }: KeywordSummaryProps) {
  return (
    <section className="section-card kd-card kd-summary" data-testid="keyword-summary">
      <div className="kd-summary__main">
        <div className="kd-summary__title-row">
          <h1 className="kd-summary__keyword">{row.keyword}</h1>
          <PlatformBadge platform={row.platform} country={row.country} />
          {titleExtra}
        </div>
        <div className="kd-summary__tags">
          {row.blue_ocean && (
            <Tooltip title="搜索需求高、竞争小的机会词">
              <Tag color="cyan" variant="filled">
                蓝海词
              </Tag>
            </Tooltip>
          )}
          {row.commerce_intent && (
            <Tag color="orange" variant="filled">
              带货词
            </Tag>
          )}
          {row.industry && (
            <Tag color="blue" variant="filled">
              {row.industry}
            </Tag>
          )}
          {row.category && (
            <Tag variant="filled">
              <GlossaryTip code={row.category} />
            </Tag>
          )}
        </div>
        <div className="kd-summary__meta">
          <span>
            <CalendarOutlined aria-hidden /> 数据日期 {row.as_of}
          </span>
          <span>
            <FigureTip term="firstSeen">首次收录</FigureTip> {row.first_seen}
          </span>
          {viewsLeft !== undefined && viewsLeft !== null && (
            <span data-testid="detail-views-left">
              <EyeOutlined aria-hidden /> 今日剩余查看 <b>{Math.max(0, viewsLeft)}</b> 次
            </span>
          )}
        </div>
      </div>
      {(aside || canShare) && (
        <div className="kd-summary__aside">
          {canShare && (
            <Button icon={<ShareAltOutlined aria-hidden />} shape="round" onClick={() => void copyShareLink(row)}>
              分享
            </Button>
          )}
          {aside}
        </div>
      )}
    </section>
  );
}

/** The keyword's figures side by side, each with its definition and the date it is as of. */
/** The figure cards; with `source` (the detail page), a line naming where the figures came from and when. */
export function KeywordFigures({ row, source }: { row: KeywordRow; source?: KeywordSource }) {
  const asOf = `截至 ${row.as_of}`;
  return (
    <section className="figure-strip kd-figures" data-testid="keyword-figures">
      <FigureCard term="searchIndex" value={formatFigure(row.search_index)} note={asOf} />
      <FigureCard term="monthCover" value={formatFigure(row.month_cover_count)} note={`近30天 · ${asOf}`} />
      <FigureCard term="relatedWorks" value={formatFigure(row.related_work_count)} note={asOf} />
      <FigureCard term="growth" value={<GrowthText rate={row.growth_rate} />} note={`近7天对比前7天 · ${asOf}`} />
      <FigureCard term="competition" value={<CompetitionStars value={row.competition} />} note={asOf} />
      {source && (
        <p className="kd-figures__source" data-testid="keyword-source">
          数据来源：{keywordSourceLabel(source, row.platform)} · {asOf}
        </p>
      )}
    </section>
  );
}
