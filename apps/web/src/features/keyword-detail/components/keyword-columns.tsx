import type { KeywordRow, Platform } from '@dso/contract';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CompetitionStars } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { FigureTip } from './figure-tip';

/**
 * The 关键词 column of the detail pages' keyword tables: the word, as `label` draws it, leading to its
 * detail page in its own library (or in `platform` when the table is of one library).
 */
export function keywordLinkColumn<Row extends KeywordRow>(
  label: (row: Row) => ReactNode,
  platform?: Platform,
): TableColumnType<Row> {
  return {
    title: '关键词',
    key: 'keyword',
    render: (_, row) => (
      <Link
        className="kd-keyword-link"
        to={keywordDetailPath({ platform: platform ?? row.platform, keyword: row.keyword, country: row.country })}
      >
        {label(row)}
      </Link>
    ),
  };
}

/** The library's figure columns as those tables show them, each titled with its glossary tip. */
export function keywordFigureColumns<Row extends KeywordRow>() {
  return {
    searchIndex: {
      title: <FigureTip term="searchIndex" />,
      key: 'search_index',
      render: (_, row) => formatFigure(row.search_index),
    },
    monthCover: {
      title: <FigureTip term="monthCover" />,
      key: 'month_cover_count',
      render: (_, row) => formatFigure(row.month_cover_count),
    },
    competition: {
      title: <FigureTip term="competition" />,
      key: 'competition',
      render: (_, row) => <CompetitionStars value={row.competition} />,
    },
  } satisfies Record<string, TableColumnType<Row>>;
}
