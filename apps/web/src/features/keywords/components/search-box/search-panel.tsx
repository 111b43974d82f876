import {
  ClockCircleOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownOutlined,
  FireFilled,
  UpOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { KeywordHighlight } from '../../../../components';
import { formatFigure } from '../../../../lib/figures';
import type { PopularKeyword } from '../../api/popular-keywords';
import { searchBoxRules } from './search-box-rules';

export interface SearchPanelProps {
  /** Suggestions for what is typed (shown instead of history and popular words). */
  suggestions: string[] | null;
  /** What is typed, to colour in the suggestions. */
  typed: string;
  history: string[];
  popular: PopularKeyword[];
  onPick(word: string): void;
  onDeleteHistory(word: string): void;
  onClearHistory(): void;
}

/**
 * The panel under the search box (000 §2.6): suggestions while typing; otherwise the search history
 * (delete one, clear all, collapsed beyond 10 behind 'show more') and 大家都在搜. Mouse presses inside
 * keep the focus in the input, so using the panel does not start its 300 ms hide.
 */
export function SearchPanel({
  suggestions,
  typed,
  history,
  popular,
  onPick,
  onDeleteHistory,
  onClearHistory,
}: SearchPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();

  if (suggestions) {
    if (suggestions.length === 0) return null;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the input; the items are buttons.
      <div className="kw-panel" onMouseDown={keepFocus} data-testid="search-suggestions">
        <ul className="kw-panel-suggestions" aria-label="搜索建议">
          {suggestions.map((word) => (
            <li key={word}>
              <button type="button" className="kw-panel-option kw-panel-suggestion" onClick={() => onPick(word)}>
                <KeywordHighlight text={word} keyword={typed} />
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (history.length === 0 && popular.length === 0) return null;
  const collapsible = history.length > searchBoxRules.historyCollapseAfter;
  const shownHistory = collapsible && !expanded ? history.slice(0, searchBoxRules.historyCollapseAfter) : history;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the input; the items are buttons.
    <div className="kw-panel" onMouseDown={keepFocus} data-testid="search-panel">
      {history.length > 0 && (
        <section className="kw-panel-section" aria-label="搜索历史">
          <header className="kw-panel-head">
            <span className="kw-panel-title">
              <ClockCircleOutlined /> 搜索历史
            </span>
            <button type="button" className="kw-panel-link" onClick={onClearHistory}>
              <DeleteOutlined /> 清空
            </button>
          </header>
          <div className="kw-panel-history" data-testid="search-history">
            {shownHistory.map((word) => (
              <span key={word} className="kw-history-chip">
                <button type="button" className="kw-history-word" onClick={() => onPick(word)}>
                  {word}
                </button>
                <button
                  type="button"
                  className="kw-history-delete"
                  aria-label={`删除${word}`}
                  onClick={() => onDeleteHistory(word)}
                >
                  <CloseOutlined />
                </button>
              </span>
            ))}
          </div>
          {collapsible && (
            <button type="button" className="kw-panel-link kw-panel-more" onClick={() => setExpanded(!expanded)}>
              {expanded ? (
                <>
                  收起 <UpOutlined />
                </>
              ) : (
                <>
                  展开更多 <DownOutlined />
                </>
              )}
            </button>
          )}
        </section>
      )}
      {popular.length > 0 && (
        <section className="kw-panel-section" aria-label="大家都在搜">
          <header className="kw-panel-head">
            <span className="kw-panel-title">
              <FireFilled className="kw-panel-fire" /> 大家都在搜
            </span>
          </header>
          <ol className="kw-panel-popular" data-testid="popular-keywords">
            {popular.map((item, index) => (
              <li key={item.keyword}>
                <button type="button" className="kw-panel-option kw-popular-item" onClick={() => onPick(item.keyword)}>
                  <span className={`kw-popular-rank${index < 3 ? ' is-top' : ''}`}>{index + 1}</span>
                  <span className="kw-popular-word">{item.keyword}</span>
                  <span className="kw-popular-index">{formatFigure(item.search_index)}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
