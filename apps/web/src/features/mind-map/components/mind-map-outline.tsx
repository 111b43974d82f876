import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { MindMap } from '@dso/contract';
import { formatFigure } from '../../../lib/figures';
import { type MindMapExpansion, type MindMapNode, relationLabels, treeOf } from '../mind-map-tree';

export interface MindMapOutlineProps {
  map: MindMap;
  expansion: MindMapExpansion;
  onWordClick: (word: string) => void;
  /** The word whose children are loading. */
  loadingWord: string | null;
}

function WordItem({
  node,
  expansion,
  onWordClick,
  loadingWord,
}: { node: MindMapNode } & Omit<MindMapOutlineProps, 'map'>) {
  const word = node.word!;
  const loaded = expansion.children.get(word.word);
  const open = expansion.open.has(word.word);
  const empty = loaded !== undefined && loaded.length === 0;
  return (
    <li>
      <button
        type="button"
        className="mm-outline__word"
        aria-label={word.word}
        aria-expanded={empty ? undefined : open}
        disabled={loadingWord !== null && loadingWord !== word.word}
        onClick={() => onWordClick(word.word)}
      >
        {empty ? <span className="mm-outline__caret" /> : open ? <CaretDownOutlined /> : <CaretRightOutlined />}
        {word.word}
      </button>
      <span className="mm-outline__meta">
        {relationLabels[word.relation]} · {formatFigure(word.search_index)}
      </span>
      {open && node.children && (
        <WordList nodes={node.children} expansion={expansion} onWordClick={onWordClick} loadingWord={loadingWord} />
      )}
    </li>
  );
}

/** The words under a group or an opened word, each a WordItem. */
function WordList({ nodes, ...props }: { nodes: MindMapNode[] } & Omit<MindMapOutlineProps, 'map'>) {
  return (
    <ul>
      {nodes.map((node) => (
        <WordItem key={node.name} node={node} {...props} />
      ))}
    </ul>
  );
}

/**
 * The map as an outline beside the drawing: every group and word as text, each word a button that
 * opens or folds it like a click on its node. The canvas cannot be read or reached by keyboard; this
 * can, and it lists the figures the tooltips show.
 */
export function MindMapOutline({ map, expansion, onWordClick, loadingWord }: MindMapOutlineProps) {
  const tree = treeOf(map, expansion);
  return (
    <nav aria-label="导图大纲" className="mm-outline" data-testid="mind-map-outline">
      <div className="mm-outline__root">{map.keyword}</div>
      <ul>
        {tree.children?.map((group) => (
          <li key={group.name}>
            <span className="mm-outline__group">{group.name}</span>
            <WordList
              nodes={group.children ?? []}
              expansion={expansion}
              onWordClick={onWordClick}
              loadingWord={loadingWord}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
