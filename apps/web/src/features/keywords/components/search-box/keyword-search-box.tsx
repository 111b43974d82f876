import { SearchOutlined } from '@ant-design/icons';
import type { PopularType, RootWord } from '@dso/contract';
import {
  batchCounterText,
  keywordLimits,
  keywordMessages,
  searchExampleKeyword,
  splitBatchKeywords,
  trimKeyword,
} from '@dso/domain';
import { Button, Input, Segmented } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/feedback';
import { useSession } from '../../../../stores/session';
import { useSuggestions } from '../../api/keyword-suggestions';
import { usePopularKeywords } from '../../api/popular-keywords';
import { fetchRootWords } from '../../api/root-words';
import { useDeleteSearchHistory, useSearchHistory } from '../../api/search-history';
import { normalizeBatchInput, trimBatchInput } from '../../batch-input';
import { libraryOf, type PlatformKey, platformTabsFor } from '../../keyword-libraries';
import { type KeywordSearch, libraryUrl } from '../../search-url';
import { CountrySelect } from './country-select';
import { RandomTries } from './random-tries';
import { RootWordDialog } from './root-word-dialog';
import { type SearchMode, searchBoxHeights, searchBoxRules } from './search-box-rules';
import { SearchPanel } from './search-panel';
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

const chars = (text: string) => Array.from(text);

function initialMode(value: KeywordSearchBoxProps['value'], variant: string): SearchMode {
  return variant === 'library' && value?.batch ? 'batch' : 'single';
}

/**
 * The keyword search box (000 §2.6, §4, §5, §9): platform tabs with their coverage hints, single and
 * batch input with every limit, history, 大家都在搜, throttled suggestions, the root-word dialog, the
 * overseas country and, on the SEO page, random tries.
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
  const navigate = useNavigate();
  const loggedIn = useSession((state) => Boolean(state.token));
  const [activePlatform, setActivePlatform] = useState<PlatformKey>(platform);
  const [mode, setMode] = useState<SearchMode>(() => initialMode(value, variant));
  const [singleText, setSingleText] = useState(() => (value && !value.batch ? value.keyword : ''));
  const [batchText, setBatchText] = useState(() =>
    value?.batch ? splitBatchKeywords(value.keyword).words.join('\n') : '',
  );
  const [panelOpen, setPanelOpen] = useState(false);
  const [checkingRoots, setCheckingRoots] = useState(false);
  const [rootDialog, setRootDialog] = useState<{ keyword: string; roots: RootWord[] } | null>(null);
  const switchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
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

  useEffect(() => setActivePlatform(platform), [platform]);

  useEffect(() => {
    onHeightChange?.(searchBoxHeights[mode]);
  }, [mode, onHeightChange]);

  useEffect(
    () => () => {
      if (switchTimer.current) clearTimeout(switchTimer.current);
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const typed = mode === 'single' ? singleText.trim() : '';
  const throttledTyped = useThrottledValue(typed, searchBoxRules.suggestionThrottleMs);
  const library = libraryOf(platform);
  const suggestionsWanted = panelOpen && mode === 'single' && typed !== '' && library.hasSuggestions;
  const suggestions = useSuggestions(platform, throttledTyped, suggestionsWanted);
  const inputEmpty = singleText.trim() === '';
  const history = useSearchHistory(historyType, panelOpen);
  const popular = usePopularKeywords(popularType, panelOpen);
  const deleteHistory = useDeleteSearchHistory(historyType);

  const batch = normalizeBatchInput(batchText);

  const currentSearch = (): KeywordSearch => {
    if (mode === 'single') {
      const keyword = trimKeyword(singleText);
      return { mode, words: keyword ? [keyword] : [] };
    }
    return { mode, words: splitBatchKeywords(batchText).words };
  };

  const switchPlatform = (next: PlatformKey) => {
    if (next === activePlatform) return;
    setActivePlatform(next);
    if (switchTimer.current) clearTimeout(switchTimer.current);
    switchTimer.current = null;
    // Back to the page's own platform before the delay ran out: nothing to go to.
    if (next === platform) return;
    const search = currentSearch();
    switchTimer.current = setTimeout(() => {
      switchTimer.current = null;
      void navigate(libraryUrl(libraryOf(next), { search }));
    }, searchBoxRules.platformSwitchDelayMs);
  };

  const switchMode = (next: SearchMode) => {
    if (next === mode) return;
    setMode(next);
    setSingleText('');
    setBatchText('');
  };

  const closePanel = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
    setPanelOpen(false);
  };

  const openPanel = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
    setPanelOpen(true);
  };

  const onBlur = () => {
    if (mode === 'single') setSingleText(trimKeyword(singleText));
    else setBatchText(trimBatchInput(batchText));
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      hideTimer.current = null;
      setPanelOpen(false);
    }, searchBoxRules.panelHideDelayMs);
  };

  const search = (next: KeywordSearch) => {
    closePanel();
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
    const wantsRoots =
      options.checkRoots && platform !== 'TSO' && chars(keyword).length >= searchBoxRules.rootWordMinLength;
    if (wantsRoots) {
      setCheckingRoots(true);
      const roots = await fetchRootWords(platform, keyword).catch(() => [] as RootWord[]);
      setCheckingRoots(false);
      const useful = roots.filter((root) => root.word !== keyword);
      if (useful.length > 0) {
        closePanel();
        setRootDialog({ keyword, roots: useful });
        return;
      }
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

  const panel = panelOpen ? (
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
  ) : null;

  const tabs = platformTabsFor(platform);
  return (
    <div className={`kw-search kw-search--${mode}`} data-testid="keyword-search-box" data-mode={mode}>
      {variant === 'library' && (
        <div className="kw-search-top">
          <div className="kw-platforms" role="tablist" aria-label="选择平台">
            {tabs.map((item) => {
              const Icon = item.icon;
              const active = item.key === activePlatform;
              return (
                <button
                  key={item.key}
                  type="button"
                  role="tab"
                  aria-selected={active}
                  className={`kw-platform${active ? ' is-active' : ''}`}
                  style={{ '--accent': item.color } as CSSProperties}
                  onClick={() => switchPlatform(item.key)}
                  data-platform={item.key}
                >
                  <Icon />
                  <span className="kw-platform-name">{item.name}</span>
                  <span className="kw-platform-hint">日覆盖{item.coverage}</span>
                </button>
              );
            })}
          </div>
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
            <Input
              ref={(node) => {
                inputRef.current = node?.input ?? null;
              }}
              variant="borderless"
              size="large"
              prefix={<SearchOutlined className="kw-search-icon" />}
              value={singleText}
              maxLength={keywordLimits.single}
              placeholder={
                variant === 'seo'
                  ? '输入核心词，AI 帮您挑选高价值蓝海词'
                  : `搜索${library.name}关键词，例如：${searchExampleKeyword}`
              }
              onChange={(event) => setSingleText(chars(event.target.value).slice(0, keywordLimits.single).join(''))}
              onFocus={openPanel}
              onBlur={onBlur}
              onPressEnter={submit}
              aria-label="关键词"
              data-testid="keyword-input"
            />
          ) : (
            <div className="kw-batch">
              <Input.TextArea
                ref={(node) => {
                  inputRef.current = node?.resizableTextArea?.textArea ?? null;
                }}
                variant="borderless"
                value={batchText}
                maxLength={keywordLimits.batchTotal}
                rows={3}
                placeholder={'每行一个关键词，也可用 、 , ， 分隔\n最多5个词，每个词不超过30个字符'}
                onChange={(event) => changeBatch(event.target.value)}
                onFocus={openPanel}
                onBlur={onBlur}
                aria-label="批量关键词"
                data-testid="batch-input"
              />
              <div className="kw-batch-counter" data-testid="batch-counter">
                <strong className={batch.words.length >= keywordLimits.batchWords ? 'is-full' : undefined}>
                  {batchCounterText(batch.words.length)}
                </strong>
                <span>{keywordMessages.batchLimitHint}</span>
              </div>
            </div>
          )}
          <Button
            type="primary"
            size="large"
            className="kw-search-submit"
            autoInsertSpace={false}
            loading={checkingRoots}
            onClick={submit}
            data-testid="keyword-submit"
          >
            {variant === 'seo' ? 'AI选词' : '搜索'}
          </Button>
        </div>
        {panel}
      </div>
      {variant === 'seo' && <RandomTries onPick={(word) => pick(word)} />}
      <RootWordDialog
        keyword={rootDialog?.keyword ?? null}
        roots={rootDialog?.roots ?? []}
        onPickRoot={(word) => {
          setRootDialog(null);
          setSingleText(word);
          search({ mode: 'single', words: [word] });
        }}
        onKeep={(keyword) => {
          setRootDialog(null);
          search({ mode: 'single', words: [keyword] });
        }}
        onCancel={() => setRootDialog(null)}
      />
    </div>
  );
}
