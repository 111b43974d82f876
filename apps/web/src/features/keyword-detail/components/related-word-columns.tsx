import type { KeywordRow } from '@dso/contract';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { CompetitionStars, KeywordHighlight } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../platforms';
import { FigureTip } from './figure-tip';
import { GrowthText } from './growth-text';

/**
 * The columns of a table of related words: the word (its searched part highlighted, leading to its
 * detail page) and the library's figures as the viewer may see them. Shared by the related-words tab
 * and the drop-down words page.
 */
export function relatedWordColumns(keyword: string): TableColumnsType<KeywordRow> {
  return [
    {
      title: '关键词',
      key: 'keyword',
      render: (_, row) => (
        <Link
          className="kd-keyword-link"
          to={keywordDetailPath({ platform: row.platform, keyword: row.keyword, country: row.country })}
        >
          <KeywordHighlight text={row.keyword} keyword={keyword} />
        </Link>
      ),
    },
    {
      title: <FigureTip term="searchIndex" />,
      key: 'search_index',
      render: (_, row) => formatFigure(row.search_index),
    },
    {
      title: <FigureTip term="monthCover" />,
      key: 'month_cover_count',
      render: (_, row) => formatFigure(row.month_cover_count),
    },
    {
      title: <FigureTip term="relatedWorks" />,
      key: 'related_work_count',
      render: (_, row) => formatFigure(row.related_work_count),
    },
    {
      title: <FigureTip term="competition" />,
      key: 'competition',
      render: (_, row) => <CompetitionStars value={row.competition} />,
    },
    {
      title: <FigureTip term="growth" />,
      key: 'growth_rate',
      render: (_, row) => <GrowthText rate={row.growth_rate} />,
    },
    { title: '行业', key: 'industry', render: (_, row) => row.industry ?? <span className="kd-muted">--</span> },
  ];
}
