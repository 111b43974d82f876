import { QuestionCircleOutlined } from '@ant-design/icons';
import { findContentCategory, glossaryTerms, MISSING_VALUE } from '@dso/domain';
import { Tooltip, type TooltipProps } from 'antd';
import type { ReactNode } from 'react';
import '../components.css';

/** The keys of the glossary terms (core-keyword count, ranking count, …) of the domain glossary. */
export type GlossaryTermKey = (typeof glossaryTerms)[number]['key'];

interface CommonProps {
  /** The trigger; defaults to the category name (for `code`) or a question-mark icon (for `term`). */
  children?: ReactNode;
  placement?: TooltipProps['placement'];
  className?: string;
}

export type GlossaryTipProps = CommonProps &
  (
    | { /** A content category `diversify_N`. */ code: string | null | undefined; term?: never }
    | { /** A glossary term key such as `coreKeywordCount`. */ term: GlossaryTermKey; code?: never }
  );

function TipContent({ title, text }: { title: string; text: string }) {
  return (
    <div className="dso-glossary-tip">
      <div className="dso-glossary-tip__title">{title}</div>
      <div>{text}</div>
    </div>
  );
}

const CATEGORY_CODE = /^diversify_\d+$/;

/**
 * A tooltip with glossary definitions (000 §2.7, §3, §9). Given a content-category code
 * (`diversify_N`) it shows the category's Chinese name with its tip on hover; given a term key it
 * shows that term's definition (core-keyword count top 100, ranking count top 10, …). An unknown
 * category code shows '--'; any other text is shown as it is.
 */
export function GlossaryTip(props: GlossaryTipProps) {
  const { children, placement = 'top', className } = props;
  if (props.term !== undefined) {
    const term = glossaryTerms.find((candidate) => candidate.key === props.term);
    if (!term) return <>{children}</>;
    return (
      <Tooltip title={<TipContent title={term.name} text={term.definition} />} placement={placement}>
        <span className={['dso-glossary-term', className].filter(Boolean).join(' ')}>
          {children}
          <QuestionCircleOutlined className="dso-glossary-term__icon" aria-label={`${term.name}说明`} />
        </span>
      </Tooltip>
    );
  }
  const code = props.code ?? '';
  const category = findContentCategory(code);
  if (!category) {
    const shown = code === '' || CATEGORY_CODE.test(code) ? MISSING_VALUE : code;
    return <span className={className}>{children ?? shown}</span>;
  }
  return (
    <Tooltip title={<TipContent title={category.name} text={category.tip} />} placement={placement}>
      <span className={['dso-glossary-term', 'dso-glossary-term--text', className].filter(Boolean).join(' ')}>
        {children ?? category.name}
      </span>
    </Tooltip>
  );
}
