import type { KeywordRow } from '@dso/contract';
import { growthTrend, relationLevel } from '@dso/domain';
import type { TableColumnsType } from 'antd';
import { GrowthText, KeywordHighlight } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { FigureTip } from './figure-tip';
import { keywordFigureColumns, keywordLinkColumn } from './keyword-columns';

/** A related word's row: the keyword row, and its relation strength when the list gives one. */
type RelatedWordRow = KeywordRow & { relation_strength?: number };

const strengthClass = { 强: 'strong', 中: 'medium', 弱: 'weak' } as const;

/** Relation strength as a short bar with its number and level (强 / 中 / 弱). */
export function RelationStrength({ value }: { value: number | undefined }) {
  if (value === undefined) return <span className="kd-muted">--</span>;
  const level = relationLevel(value);
  return (
    <span
      className={`kd-strength kd-strength--${strengthClass[level]}`}
      data-testid="relation-strength"
      role="img"
      aria-label={`关联强度${level}，${value}`}
    >
      <span className="kd-strength__bar">
        <span className="kd-strength__fill" style={{ width: `${value}%` }} />
      </span>
      <span>{value}</span>
      <span className="kd-strength__level">{level}</span>
    </span>
  );
}

/**
 * Where a related word is heading, by its own 7-day growth: ↑ or ↓ with the percentage as every list
 * shows it (GrowthText), 持平 within ±1 %, — when the library has no figure for the word.
 */
export function RelatedTrend({ rate }: { rate: KeywordRow['growth_rate'] | null | undefined }) {
  const trend = growthTrend(rate);
  if (trend === 'unknown')
    return (
      <span className="kd-muted" data-trend="unknown">
        —
      </span>
    );
  if (trend === 'flat')
    return (
      <span className="kd-muted" data-trend="flat">
        持平
      </span>
    );
  return (
    <span data-trend={trend}>
      <GrowthText rate={rate} />
    </span>
  );
}

/**
 * The columns of a table of related words: the word (its searched part highlighted, leading to its
 * detail page), how strongly it is tied to the keyword, where it is heading, and the library's figures
 * as the viewer may see them. Shared by the related-words tab and the drop-down words page.
 */
export function relatedWordColumns<Row extends RelatedWordRow = RelatedWordRow>(
  keyword: string,
): TableColumnsType<Row> {
  const figures = keywordFigureColumns<Row>();
  return [
    keywordLinkColumn<Row>((row) => <KeywordHighlight text={row.keyword} keyword={keyword} />),
    {
      title: <FigureTip term="relationStrength" />,
      key: 'relation_strength',
      render: (_, row) => <RelationStrength value={row.relation_strength} />,
    },
    {
      title: <FigureTip term="relatedTrend" />,
      key: 'trend',
      render: (_, row) => <RelatedTrend rate={row.growth_rate} />,
    },
    figures.searchIndex,
    figures.monthCover,
    {
      title: <FigureTip term="relatedWorks" />,
      key: 'related_work_count',
      render: (_, row) => formatFigure(row.related_work_count),
    },
    figures.competition,
    { title: '行业', key: 'industry', render: (_, row) => row.industry ?? <span className="kd-muted">--</span> },
  ];
}
