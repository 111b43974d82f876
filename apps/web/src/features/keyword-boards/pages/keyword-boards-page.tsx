import { CalendarOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { boardTabs, toBoardKind } from '../boards';
import { BoardList } from '../components/board-list';
import { IndustryFilter } from '../components/industry-filter';
import '../keyword-boards.css';
import { IconTab, PageHero } from '../../../components';
import { withSearchParams } from '../../../lib/search-params';

const INDUSTRY_PARAM = 'industry';

/**
 * /KeywordDouyinHot/{tabVal}: the nine DSO hot boards as tabs, an industry filter kept in the
 * address, and the chosen board as an infinitely scrolling ranked list. Any keyword opens its detail.
 */
export default function KeywordBoardsPage() {
  const { tabVal } = useParams();
  const board = toBoardKind(tabVal);
  const [params, setParams] = useSearchParams();
  const industry = params.get(INDUSTRY_PARAM)?.trim() || null;
  const [asOf, setAsOf] = useState<string | null>(null);
  const active = boardTabs.find((tab) => tab.board === board) ?? boardTabs[0]!;
  const search = industry ? `?${new URLSearchParams({ [INDUSTRY_PARAM]: industry })}` : '';

  const chooseIndustry = (next: string | null) =>
    setParams(withSearchParams(params, { [INDUSTRY_PARAM]: next || null }), { replace: true });
  const onAsOf = useCallback((value: string | null) => setAsOf(value), []);

  return (
    <div className="page-column kb-page" data-testid="keyword-boards-page">
      <PageHero title="抖音热词榜单" subtitle="每日更新的九大关键词榜单，发现机会词、热卖词与飙升话题">
        {asOf && (
          <span className="kb-hero__date" data-testid="board-as-of">
            <CalendarOutlined aria-hidden /> 榜单日期 {asOf}
          </span>
        )}
      </PageHero>
      <nav className="kb-tabs" aria-label="榜单">
        {boardTabs.map((tab) => (
          <IconTab
            key={tab.board}
            to={`/KeywordDouyinHot/${tab.board}${search}`}
            icon={tab.icon}
            name={tab.name}
            description={tab.description}
            selected={tab.board === board}
            block="kb-tab"
            data-board={tab.board}
          />
        ))}
      </nav>
      <section className="surface-box kb-panel">
        <div className="kb-panel__header">
          <h2 className="board-title">
            {active.name}榜{industry ? <span className="kb-panel__industry"> · {industry}</span> : null}
          </h2>
          <span className="kb-panel__description">{active.description}</span>
        </div>
        <IndustryFilter value={industry} onChange={chooseIndustry} />
        <BoardList key={`${board}/${industry ?? ''}`} params={{ board, industry }} onAsOf={onAsOf} />
      </section>
    </div>
  );
}
