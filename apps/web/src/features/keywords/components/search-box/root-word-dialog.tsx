import { BulbOutlined } from '@ant-design/icons';
import type { RootWord } from '@dso/contract';
import { Button, Modal } from 'antd';
import { CompetitionStars } from '../../../../components';
import { formatFigure } from '../../../../lib/figures';

export interface RootWordDialogProps {
  /** The long keyword; the dialog is open while it is set. */
  keyword: string | null;
  roots: RootWord[];
  /** Search one of the root words instead. */
  onPickRoot(word: string): void;
  /** Search the long keyword as typed. */
  onKeep(keyword: string): void;
  onCancel(): void;
}

/**
 * The root-word dialog (000 §2.6): a long keyword rarely has data of its own, so before searching it
 * the product offers the shorter words it is built from, each with the number of library words a
 * search for it finds (暂无收录 only when that is none), its own search index and competition when
 * it is a keyword itself, and lets the user go on with the keyword as typed.
 */
export function RootWordDialog({ keyword, roots, onPickRoot, onKeep, onCancel }: RootWordDialogProps) {
  return (
    <Modal
      open={keyword !== null}
      title={
        <span className="kw-root-title">
          <BulbOutlined /> 关键词较长，试试搜索词根
        </span>
      }
      onCancel={onCancel}
      footer={
        <Button onClick={() => keyword && onKeep(keyword)} data-testid="root-keep">
          仍然搜索「{keyword}」
        </Button>
      }
      width={520}
      centered
      destroyOnHidden
    >
      <p className="kw-root-hint">长尾词的搜索数据往往较少。以下是「{keyword}」的词根，点击即可搜索：</p>
      <ul className="kw-root-list" data-testid="root-words">
        {roots.map((root) => (
          <li key={root.word}>
            <button type="button" className="kw-root-item" onClick={() => onPickRoot(root.word)}>
              <span className="kw-root-word">{root.word}</span>
              <span className="kw-root-figures" data-testid="root-figures">
                {root.match_count > 0 ? (
                  <>
                    <span className="kw-root-label">
                      {`${formatFigure(root.match_count)}${root.match_estimated ? '+' : ''}个相关词`}
                    </span>
                    {root.search_index !== null && (
                      <>
                        <span className="kw-root-label">搜索指数</span>
                        <strong>{formatFigure(root.search_index)}</strong>
                        <CompetitionStars value={root.competition} />
                      </>
                    )}
                  </>
                ) : (
                  <span className="kw-root-label">暂无收录</span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
