import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { GlossaryTip } from './glossary-tip';

describe('GlossaryTip', () => {
  it('shows the Chinese name of a content category code', () => {
    renderWidget(<GlossaryTip code="diversify_5" />);
    expect(screen.getByText('美食')).toBeTruthy();
  });

  it("shows the category's tip on hover", async () => {
    renderWidget(<GlossaryTip code="diversify_1" />);
    fireEvent.mouseEnter(screen.getByText('搞笑'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('以段子、搞笑表演和幽默配音带来欢乐的内容。');
  });

  it('shows -- for an unknown category code', () => {
    renderWidget(<GlossaryTip code="diversify_999" />);
    expect(screen.getByText('--')).toBeTruthy();
  });

  it('defines the core-keyword count as the top 100 on hover', async () => {
    renderWidget(<GlossaryTip term="coreKeywordCount">核心词数</GlossaryTip>);
    fireEvent.mouseEnter(screen.getByText('核心词数'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('排名前100的关键词数量');
  });

  it('marks a term with a question-mark icon that opens the definition', async () => {
    renderWidget(<GlossaryTip term="rankingCount" />);
    const icon = screen.getByLabelText('排名数说明');
    fireEvent.mouseEnter(icon);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('排名前10的关键词数量');
  });
});
