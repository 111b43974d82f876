import { RightOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { NoData } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { useCompetitors } from '../api/get-competitors';
import { competitorsPath, personDetailPath } from '../figures';
import { CreatorAvatar } from './creator-avatar';
import '../creators.css';

/** Creators the section shows before 查看全部. */
const SECTION_ROWS = 6;

/**
 * The creators behind a DSO keyword on its detail page: the benchmark accounts for the keyword (works
 * covering it first), each with its first reason, and a link to all of them on /Competitors.
 */
export function KeywordCreators({ keyword }: { keyword: string }) {
  const query = useCompetitors({ keyword });
  const rows = (query.data?.pages[0]?.result ?? []).slice(0, SECTION_ROWS);
  return (
    <section className="cr-keyword-creators section-card" data-testid="keyword-creators" aria-label="关键词下的达人">
      <div className="cr-toolbar">
        <h3 className="cr-card__title">做这个词的达人</h3>
        <Link className="cr-more" to={competitorsPath({ keyword })}>
          查看全部对标账号 <RightOutlined aria-hidden />
        </Link>
      </div>
      {query.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <NoData size="small" text="达人加载失败" />
      ) : rows.length === 0 ? (
        <NoData size="small" text="暂无做这个词的达人" />
      ) : (
        <ul className="card-grid" aria-label="关键词下的达人">
          {rows.map((row) => (
            <li key={row.user_id}>
              <Link className="cr-keyword-creator" to={personDetailPath(row.user_id)}>
                <CreatorAvatar creator={row} size={36} />
                <span className="cr-keyword-creator__text">
                  <span className="cr-name">{row.nick_name}</span>
                  <span className="cr-keyword-creator__meta">
                    粉丝 {formatFigure(row.total_follower_count)} · {row.size_class.label}
                  </span>
                  {row.reasons[0] && <span className="cr-keyword-creator__reason">{row.reasons[0]}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
