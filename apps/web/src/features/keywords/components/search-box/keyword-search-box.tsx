import type { PopularType } from '@dso/contract';
import { keywordLimits, keywordMessages, searchExampleKeyword, splitBatchKeywords, trimKeyword } from '@dso/domain';
import { Button, Segmented } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toast } from '../../../../lib/feedback';
import { useSession } from '../../../../stores/session';
import { useSuggestions } from '../../api/keyword-suggestions';
import { usePopularKeywords } from '../../api/popular-keywords';
import { useDeleteSearchHistory, useSearchHistory } from '../../api/search-history';
import { normalizeBatchInput, trimBatchInput } from '../../batch-input';
import { libraryOf, type PlatformKey } from '../../keyword-libraries';
import type { KeywordSearch } from '../../search-url';
import { CountrySelect } from './country-select';
import { BatchKeywordInput, SingleKeywordInput } from './keyword-inputs';
import { PlatformTabs } from './platform-tabs';
import { RandomTries } from './random-tries';
import { RootWordDialog } from './root-word-dialog';
import { type SearchMode, searchBoxHeights, searchBoxRules } from './search-box-rules';
import { SearchPanel } from './search-panel';
import { usePanelVisibility, usePlatformSwitch } from './use-box-timers';
import { useRootWordCheck } from './use-root-word-check';
import { useThrottledValue } from './use-throttled-value';

export interface KeywordSearchBoxProps {
  /** The library the page shows. */
  platform: PlatformKey;
  /** `library`: platform tabs and single/batch; `seo`: one keyword with random tries (000 §2.6). */
  variant?: 'library' | 'seo';
  /** The search the page shows, to fill the box with. */
  value?: { keyword: string; batch: boolean };
  /** Search-history type the box reads and deletes from. */
  historyType: string;
  /** 大家都在搜 type; null hides the list. */
  popularType: PopularType | null;
  /** TSO: the chosen country and its change (000 §2.6). */
  country?: string;
  onCountryChange?(code: string): void;
  onSearch(search: KeywordSearch): void;
  /** The box height event (000 §4): 241 in single mode, 318 in batch mode. */
  onHeightChange?(height: number): void;
  /** Shown beside the single/batch toggle. */
  extra?: ReactNode;
}

function initialMode(value: KeywordSearchBoxProps['value'], variant: string): SearchMode {
  return variant === 'library' && value?.batch ? 'batch' : 'single';
}

/**
 * The keyword search box (000 §2.6, §4, §5, §9): platform tabs with their coverage hints, single and
 * batch input with every limit, history, 大家都在搜, throttled suggestions, the root-word dialog, the
 * overseas country and, on the SEO page, random tries. This component holds the texts and the
 * search flow; the tabs, inputs, timers and root-word check are their own files beside it.
 */
export function KeywordSearchBox({
  platform,
  variant = 'library',
  value,
  historyType,
  popularType,
  country,
  onCountryChange,
  onSearch,
  onHeightChange,
  extra,
}: KeywordSearchBoxProps) {
  const loggedIn = useSession((state) => Boolean(state.token));
  const [mode, setMode] = useState<SearchMode>(() => initialMode(value, variant));
  const [singleText, setSingleText] = useState(() => (value && !value.batch ? value.keyword : ''));
  const [batchText, setBatchText] = useState(() =>
    value?.batch ? splitBatchKeywords(value.keyword).words.join('\n') : '',
  );
  const panel = usePanelVisibility();
  const roots = useRootWordCheck(platform);
  const inputRef = useRef<HTMLElement | null>(null);

  // The page's search changes (back/forward, a new search): the box shows it.
  const valueKey = value ? `${value.batch ? 'batch' : 'single'}:${value.keyword}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search from outside refills the box.
  useEffect(() => {
    if (!value) return;
    setMode(initialMode(value, variant));
    if (value.batch) {
      setBatchText(splitBatchKeywords(value.keyword).words.join('\n'));
      setSingleText('');
    } else {
      setSingleText(value.keyword);
      setBatchText('');
    }
  }, [valueKey]);

  useEffect(() => {
    onHeightChange?.(searchBoxHeights[mode]);
  }, [mode, onHeightChange]);

  const typed = mode === 'single' ? singleText.trim() : '';
  const throttledTyped = useThrottledValue(typed, searchBoxRules.suggestionThrottleMs);
  const library = libraryOf(platform);
  const suggestionsWanted = panel.open && mode === 'single' && typed !== '' && library.hasSuggestions;
  const suggestions = useSuggestions(platform, throttledTyped, suggestionsWanted);
  const inputEmpty = singleText.trim() === '';
  const history = useSearchHistory(historyType, panel.open);
  const popular = usePopularKeywords(popularType, panel.open);
  const deleteHistory = useDeleteSearchHistory(historyType);

  const batch = normalizeBatchInput(batchText);

  const currentSearch = (): KeywordSearch => {
    if (mode === 'single') {
      const keyword = trimKeyword(singleText);
      return { mode, words: keyword ? [keyword] : [] };
    }
    return { mode, words: splitBatchKeywords(batchText).words };
  };
  const platformSwitch = usePlatformSwitch(platform, currentSearch);

  const switchMode = (next: SearchMode) => {
    if (next === mode) return;
    setMode(next);
    setSingleText('');
    setBatchText('');
  };

  const onBlur = () => {
    if (mode === 'single') setSingleText(trimKeyword(singleText));
    else setBatchText(trimBatchInput(batchText));
    panel.hideSoon();
  };

  const search = (next: KeywordSearch) => {
    panel.close();
    inputRef.current?.blur();
    onSearch(next);
  };

  const submitSingle = async (text: string, options: { checkRoots: boolean }) => {
    const keyword = trimKeyword(text);
    setSingleText(keyword);
    if (!keyword) {
      // The SEO page needs a word to work on; a library without one lists its top words.
      if (variant === 'seo') {
        toast(keywordMessages.required, 'warning');
        return;
      }
      search({ mode: 'single', words: [] });
      return;
    }
    if (options.checkRoots && (await roots.offerRoots(keyword))) {
      panel.close();
      return;
    }
    search({ mode: 'single', words: [keyword] });
  };

  const submit = () => {
    if (mode === 'single') {
      void submitSingle(singleText, { checkRoots: true });
      return;
    }
    const trimmed = trimBatchInput(batchText);
    setBatchText(trimmed);
    search({ mode: 'batch', words: splitBatchKeywords(trimmed).words });
  };

  /** A word picked from history, 大家都在搜 or suggestions: searched at once, or added to the batch. */
  const pick = (word: string) => {
    if (mode === 'single') {
      setSingleText(word);
      void submitSingle(word, { checkRoots: false });
      return;
    }
    if (batch.words.includes(word) || batch.words.length >= keywordLimits.batchWords) return;
    const joined = batch.words.length > 0 ? `${trimBatchInput(batchText)}\n${word}` : word;
    setBatchText(normalizeBatchInput(joined).text);
  };

  const changeBatch = (raw: string) => {
    const next = normalizeBatchInput(raw);
    if (next.truncated) toast(keywordMessages.tooLong, 'error');
    setBatchText(next.text);
  };

  const inputEvents = { inputRef, onFocus: panel.show, onBlur };
  return (
    <div className={`kw-search kw-search--${mode}`} data-testid="keyword-search-box" data-mode={mode}>
      {variant === 'library' && (
        <div className="kw-search-top">
          <PlatformTabs platform={platform} active={platformSwitch.active} onSwitch={platformSwitch.switchTo} />
          <div className="kw-search-tools">
            {extra}
            <Segmented
              value={mode}
              onChange={(next) => switchMode(next as SearchMode)}
              options={[
                { value: 'single', label: '单个搜索' },
                { value: 'batch', label: '批量搜索' },
              ]}
              aria-label="搜索方式"
            />
          </div>
        </div>
      )}
      <div className="kw-search-field">
        <div className={`kw-search-input kw-search-input--${mode}`}>
          {country !== undefined && onCountryChange && <CountrySelect value={country} onChange={onCountryChange} />}
          {mode === 'single' ? (
            <SingleKeywordInput
              {...inputEvents}
              value={singleText}
              placeholder={
                variant === 'seo'
                  ? '输入核心词，AI 帮您挑选高价值蓝海词'
                  : `搜索${library.name}关键词，例如：${searchExampleKeyword}`
              }
              onChange={setSingleText}
              onSubmit={submit}
            />
          ) : (
            <BatchKeywordInput
              {...inputEvents}
              value={batchText}
              wordCount={batch.words.length}
              onChange={changeBatch}
            />
          )}
          <Button
            type="primary"
            size="large"
            className="kw-search-submit"
            autoInsertSpace={false}
            loading={roots.checking}
            onClick={submit}
            data-testid="keyword-submit"
          >
            {variant === 'seo' ? 'AI选词' : '搜索'}
          </Button>
        </div>
        {panel.open && (
          <SearchPanel
            suggestions={
              // Batch mode has no suggestions: history and 大家都在搜 stay open to add words from.
              mode === 'batch' || inputEmpty
                ? null
                : suggestionsWanted && throttledTyped !== ''
                  ? (suggestions.data ?? [])
                  : []
            }
            typed={typed}
            history={loggedIn ? (history.data ?? []) : []}
            popular={popular.data ?? []}
            onPick={pick}
            onDeleteHistory={(word) => deleteHistory.mutate({ keyword: word })}
            onClearHistory={() => deleteHistory.mutate({ all: true })}
          />
        )}
      </div>
      {variant === 'seo' && <RandomTries onPick={(word) => pick(word)} />}
      <RootWordDialog
        keyword={roots.dialog?.keyword ?? null}
        roots={roots.dialog?.roots ?? []}
        onPickRoot={(word) => {
          roots.closeDialog();
          setSingleText(word);
          search({ mode: 'single', words: [word] });
        }}
        onKeep={(keyword) => {
          roots.closeDialog();
          search({ mode: 'single', words: [keyword] });
        }}
        onCancel={roots.closeDialog}
      />
    </div>
  );
}
