import type { RootWord } from '@dso/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootWordDialog } from './root-word-dialog';

const noop = () => undefined;

const figuresOf = (word: string) => {
  const item = within(screen.getByTestId('root-words')).getByText(word).closest('li');
  if (!item) throw new Error(word);
  return within(item as HTMLElement).getByTestId('root-figures').textContent;
};

function renderDialog(roots: RootWord[]) {
  render(<RootWordDialog keyword="口红推荐平价学生党" roots={roots} onPickRoot={noop} onKeep={noop} onCancel={noop} />);
}

describe('RootWordDialog', () => {
  afterEach(cleanup);

  it('shows how many library words a root finds even when the root is no keyword of its own', () => {
    renderDialog([
      { word: '口红', search_index: null, competition: null, match_count: 85, match_estimated: false },
      { word: '学生', search_index: null, competition: null, match_count: 0, match_estimated: false },
    ]);
    expect(figuresOf('口红')).toBe('85个相关词');
    expect(figuresOf('学生')).toBe('暂无收录');
  });

  it('adds the search index of a root that is a keyword itself, and marks a capped count with +', () => {
    renderDialog([
      { word: '推荐', search_index: '12.3w', competition: 3, match_count: 100_000, match_estimated: true },
    ]);
    expect(figuresOf('推荐')).toContain('10.0w+个相关词');
    expect(figuresOf('推荐')).toContain('搜索指数12.3w');
  });
});
