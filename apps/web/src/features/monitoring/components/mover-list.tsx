import type { MonitorMover } from '@dso/contract';
import { rankMove } from '@dso/domain';
import { NoData } from '../../../components';
import { moverText, moveView, workName } from '../monitor-display';

export interface MoverListProps {
  title: string;
  movers: MonitorMover[];
  testId: string;
  emptyText: string;
  /** Shows the number of movers beside the title. */
  counted?: boolean;
}

/** A card of monitored works that moved: the work, its keyword, before → after, and the move. */
export function MoverList({ title, movers, testId, emptyText, counted = false }: MoverListProps) {
  return (
    <section className="surface-box mon-card mon-movers" data-testid={testId}>
      <h2 className="surface-box__title mon-card__title">
        {title} {counted && <span className="mon-muted">{movers.length}</span>}
      </h2>
      {movers.length === 0 ? (
        <NoData text={emptyText} hideImage />
      ) : (
        <ol className="mon-movers__list">
          {movers.map((mover) => {
            const view = moveView(rankMove(mover.previous_rank, mover.rank));
            return (
              <li key={mover.id} className="mon-movers__item">
                <div className="mon-movers__main">
                  <span className="mon-movers__work" title={workName(mover)}>
                    {workName(mover)}
                  </span>
                  <span className="mon-muted">
                    {mover.keyword} · {moverText(mover)}
                  </span>
                </div>
                <span className={`mon-move is-${view.tone}`}>{view.label}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
