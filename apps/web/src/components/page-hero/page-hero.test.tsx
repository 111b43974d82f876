import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { PageHero } from './page-hero';

describe('PageHero', () => {
  it("draws a library page's hero: the h1, its subtitle and the page's controls beside them", () => {
    renderWidget(
      <PageHero title="达人库" subtitle="按领域查找" className="cr-hero">
        <button type="button">搜索</button>
      </PageHero>,
    );
    const title = screen.getByRole('heading', { level: 1, name: '达人库' });
    expect(title.className).toBe('page-hero__title');
    expect(screen.getByText('按领域查找').className).toBe('page-hero__subtitle');
    const header = title.closest('header')!;
    expect(header.className).toBe('page-hero cr-hero');
    expect(header.querySelector('button')?.textContent).toBe('搜索');
  });

  it("draws a tool's hero at the top of its page, and no subtitle when it has none", () => {
    renderWidget(<PageHero look="tool" title="AI创作" />);
    const title = screen.getByRole('heading', { level: 1, name: 'AI创作' });
    expect(title.className).toBe('tool-hero__title');
    expect(title.closest('header')!.className).toBe('page-hero page-hero--top');
    expect(title.closest('header')!.querySelector('p')).toBeNull();
  });
});
