import { SearchOutlined } from '@ant-design/icons';
import { batchCounterText, keywordLimits, keywordMessages } from '@dso/domain';
import { Input } from 'antd';
import type { MutableRefObject } from 'react';

/** What both inputs share: focus opens the panel, blur trims and hides it, and the box can blur them. */
interface InputEvents {
  inputRef: MutableRefObject<HTMLElement | null>;
  onFocus(): void;
  onBlur(): void;
}

/** The single keyword input: at most 30 characters, counted as characters, not UTF-16 units (000 §5). */
export function SingleKeywordInput({
  value,
  placeholder,
  onChange,
  onSubmit,
  inputRef,
  onFocus,
  onBlur,
}: InputEvents & { value: string; placeholder: string; onChange(text: string): void; onSubmit(): void }) {
  return (
    <Input
      ref={(node) => {
        inputRef.current = node?.input ?? null;
      }}
      variant="borderless"
      size="large"
      prefix={<SearchOutlined className="kw-search-icon" />}
      value={value}
      maxLength={keywordLimits.single}
      placeholder={placeholder}
      onChange={(event) => onChange(Array.from(event.target.value).slice(0, keywordLimits.single).join(''))}
      onFocus={onFocus}
      onBlur={onBlur}
      onPressEnter={onSubmit}
      aria-label="关键词"
      data-testid="keyword-input"
    />
  );
}

/** The batch input (000 §5): one word a line (or 、 , ， between), with the word counter beneath. */
export function BatchKeywordInput({
  value,
  wordCount,
  onChange,
  inputRef,
  onFocus,
  onBlur,
}: InputEvents & { value: string; wordCount: number; onChange(raw: string): void }) {
  return (
    <div className="kw-batch">
      <Input.TextArea
        ref={(node) => {
          inputRef.current = node?.resizableTextArea?.textArea ?? null;
        }}
        variant="borderless"
        value={value}
        maxLength={keywordLimits.batchTotal}
        rows={3}
        placeholder={'每行一个关键词，也可用 、 , ， 分隔\n最多5个词，每个词不超过30个字符'}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        aria-label="批量关键词"
        data-testid="batch-input"
      />
      <div className="kw-batch-counter" data-testid="batch-counter">
        <strong className={wordCount >= keywordLimits.batchWords ? 'is-full' : undefined}>
          {batchCounterText(wordCount)}
        </strong>
        <span>{keywordMessages.batchLimitHint}</span>
      </div>
    </div>
  );
}
