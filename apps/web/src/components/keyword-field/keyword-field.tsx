import { keywordLimits, trimKeyword } from '@dso/domain';
import { Input } from 'antd';

export interface KeywordFieldProps {
  /** The input's id, which its 关键词 label points at. */
  id: string;
  /** The label's class (each tool styles its panel title). */
  labelClassName: string;
  value: string;
  disabled?: boolean;
  onChange(value: string): void;
}

/**
 * The one-keyword field of the AI writing tools (AI 文案, AI 图文): a 关键词 label and a large input
 * held to one keyword's length, trimmed when it loses focus.
 */
export function KeywordField({ id, labelClassName, value, disabled, onChange }: KeywordFieldProps) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        关键词
      </label>
      <Input
        id={id}
        size="large"
        value={value}
        maxLength={keywordLimits.single}
        placeholder="例如：露营装备"
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onChange(trimKeyword(value))}
      />
    </>
  );
}
