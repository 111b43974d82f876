import { highlightSegments, splitHighlightTerms } from '@dso/domain';
import { theme } from 'antd';
import '../components.css';

export interface KeywordHighlightProps {
  text: string | null | undefined;
  /** The search keyword; split on '+', a comma or '、' into the terms to colour. */
  keyword?: string | null;
  /** Terms given directly, added to those of `keyword`. */
  terms?: readonly string[];
  /** The highlight colour; the theme's primary colour by default. */
  color?: string;
  className?: string;
}

/**
 * The keyword-colour highlight (002 §2): the parts of `text` that match the keyword's terms are
 * coloured. Splitting and matching (case-insensitive, longest term first) are the domain's
 * `splitHighlightTerms` and `highlightSegments`.
 */
export function KeywordHighlight({ text, keyword, terms = [], color, className }: KeywordHighlightProps) {
  const { token } = theme.useToken();
  const segments = highlightSegments(text ?? '', [...splitHighlightTerms(keyword), ...terms]);
  return (
    <span className={className}>
      {segments.map((segment, index) =>
        segment.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived from the text and never reorder.
          <mark key={index} className="dso-keyword-hit" style={{ color: color ?? token.colorPrimary }}>
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </span>
  );
}
