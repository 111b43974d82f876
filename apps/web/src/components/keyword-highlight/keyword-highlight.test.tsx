import { describe, expect, it } from 'vitest';
import { renderWidget } from '../testing/render-widget';
import { KeywordHighlight } from './keyword-highlight';

function highlighted(container: HTMLElement) {
  return Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent);
}

describe('KeywordHighlight', () => {
  it('colours the part of the text that matches the keyword', () => {
    const { container } = renderWidget(<KeywordHighlight className="title" text="抖音运营技巧大全" keyword="运营" />);
    expect(highlighted(container)).toEqual(['运营']);
    expect(container.querySelector('.title')?.textContent).toBe('抖音运营技巧大全');
  });

  it('splits the keyword on +, a comma and 、', () => {
    const { container } = renderWidget(
      <KeywordHighlight text="美食探店，火锅推荐，奶茶测评，烧烤攻略" keyword="火锅+奶茶,烧烤、探店" />,
    );
    expect(highlighted(container)).toEqual(['探店', '火锅', '奶茶', '烧烤']);
  });

  it('prefers the longest matching term', () => {
    const { container } = renderWidget(<KeywordHighlight text="抖音运营课程" keyword="抖音，抖音运营" />);
    expect(highlighted(container)).toEqual(['抖音运营']);
  });

  it('matches latin letters regardless of case', () => {
    const { container } = renderWidget(<KeywordHighlight text="Vlog拍摄教程" keyword="vlog" />);
    expect(highlighted(container)).toEqual(['Vlog']);
  });

  it('uses the given colour for the matches', () => {
    const { container } = renderWidget(<KeywordHighlight text="口红试色" keyword="口红" color="rgb(255, 0, 0)" />);
    expect((container.querySelector('mark') as HTMLElement).style.color).toBe('rgb(255, 0, 0)');
  });

  it('leaves the text plain without a keyword', () => {
    const { container } = renderWidget(<KeywordHighlight className="title" text="口红试色" keyword="" />);
    expect(highlighted(container)).toEqual([]);
    expect(container.querySelector('.title')?.textContent).toBe('口红试色');
  });
});
