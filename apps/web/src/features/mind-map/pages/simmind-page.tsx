import { FileMarkdownOutlined, PictureOutlined } from '@ant-design/icons';
import { type MindMap, type MindMapWord, mindMapMessages } from '@dso/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Spin, Tag, Tooltip } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { InputAction, NoData, openLoginDialog } from '../../../components';
import { type EChartInstance, useChartTheme } from '../../../lib/charts';
import { toast } from '../../../lib/feedback';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../stores/session';
import { handleQuotaFailure } from '../../permissions';
import { buildMindMap, expandMindMapWord } from '../api/mind-map';
import { MindMapChart } from '../components/mind-map-chart';
import { MindMapOutline } from '../components/mind-map-outline';
import { type MindMapExpansion, markdownOf, relationLabels, wordsOnMap } from '../mind-map-tree';
import '../mind-map.css';

/** The example keyword of the box: a keyword of the demo library with drop-down, related and root words. */
const EXAMPLE_KEYWORD = '露营装备';
const emptyExpansion: MindMapExpansion = { children: new Map(), open: new Set() };
/** The PNG's background, so the exported picture reads like the page in either theme. */
const exportBackground = { dark: '#141414', light: '#ffffff' } as const;

function dataUrlBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(body ?? ''), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * 关键词思维导图 (/simmind): a keyword's drop-down, related and root words from the keyword
 * library, grouped by the model into a mind map; a word node opens its own words; the map exports as a
 * PNG or Markdown. docs/mind-map.md.
 */
export default function SimmindPage() {
  const [params] = useSearchParams();
  const token = useSession((state) => state.token);
  const { name: theme, palette } = useChartTheme();
  const [keyword, setKeyword] = useState(() => params.get('keyword') ?? '');
  const [map, setMap] = useState<MindMap | null>(null);
  const [expansion, setExpansion] = useState<MindMapExpansion>(emptyExpansion);
  const [loadingWord, setLoadingWord] = useState<string | null>(null);
  const chartRef = useRef<EChartInstance | null>(null);

  const build = useMutation({
    mutationFn: buildMindMap,
    onSuccess: (built) => {
      setMap(built);
      setExpansion(emptyExpansion);
    },
    onError: (error) => handleQuotaFailure(error),
  });

  const start = () => {
    if (!token) return openLoginDialog();
    const text = keyword.trim();
    if (!text) return toast('请输入关键词', 'warning');
    build.mutate(text);
  };

  const toggleWord = useCallback(
    async (word: string) => {
      if (!map || loadingWord) return;
      const loaded = expansion.children.get(word);
      if (loaded) {
        if (loaded.length === 0) return toast(mindMapMessages.noChildren, 'info');
        const open = new Set(expansion.open);
        if (open.has(word)) open.delete(word);
        else open.add(word);
        return setExpansion({ ...expansion, open });
      }
      setLoadingWord(word);
      try {
        const answer = await expandMindMapWord(word);
        const onMap = wordsOnMap(map, expansion);
        const children: MindMapWord[] = answer.children.filter((child) => !onMap.has(child.word));
        setExpansion((current) => ({
          children: new Map(current.children).set(word, children),
          open: children.length ? new Set(current.open).add(word) : current.open,
        }));
        if (children.length === 0) toast(mindMapMessages.noChildren, 'info');
      } catch {
        // The client's response handler has shown the reason.
      } finally {
        setLoadingWord(null);
      }
    },
    [map, expansion, loadingWord],
  );

  const exportPng = () => {
    const chart = chartRef.current;
    if (!chart || !map) return;
    const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: exportBackground[theme] });
    saveFile(dataUrlBlob(url), `思维导图-${map.keyword}.png`);
  };
  const exportMarkdown = () => {
    if (!map) return;
    saveFile(
      new Blob([markdownOf(map, expansion)], { type: 'text/markdown;charset=utf-8' }),
      `思维导图-${map.keyword}.md`,
    );
  };
  const onChart = useCallback((chart: EChartInstance | null) => {
    chartRef.current = chart;
  }, []);

  const wordCount = map?.groups.reduce((sum, group) => sum + group.words.length, 0) ?? 0;
  return (
    <div className="tool-page mm-page" data-testid="simmind-page">
      <header className="mm-hero">
        <h1 className="tool-hero__title">关键词思维导图</h1>
        <p className="tool-hero__subtitle">
          输入关键词，AI 按搜索意图把下拉词、相关词与词根整理成导图；点击关键词节点继续展开
        </p>
      </header>
      <InputAction
        className="mm-form"
        label="导图关键词"
        placeholder={`输入关键词，如 ${EXAMPLE_KEYWORD}`}
        value={keyword}
        maxLength={30}
        onChange={setKeyword}
        onSubmit={start}
        busy={build.isPending}
        action="生成导图"
      />
      {map ? (
        <>
          <div className="mm-toolbar">
            <div className="mm-toolbar__info">
              <span data-testid="mind-map-summary">
                「{map.keyword}」 {map.groups.length} 个分组 · {wordCount} 个关键词
              </span>
              {map.sandbox && (
                <Tooltip title="未调用大模型：分组由本站关键词数据按搜索意图规则生成">
                  <Tag color="orange">沙箱示例输出</Tag>
                </Tooltip>
              )}
              {(['sug', 'correlation', 'root'] as const).map((relation, index) => (
                <span key={relation} className="mm-legend">
                  <span className="mm-legend__dot" style={{ background: palette.series[index] }} />
                  {relationLabels[relation]}
                </span>
              ))}
              {loadingWord && (
                <span>
                  <Spin size="small" /> 正在展开「{loadingWord}」
                </span>
              )}
            </div>
            <div className="mm-toolbar__info">
              <Button icon={<PictureOutlined />} onClick={exportPng}>
                导出图片
              </Button>
              <Button icon={<FileMarkdownOutlined />} onClick={exportMarkdown}>
                导出 Markdown
              </Button>
            </div>
          </div>
          <div className="tool-workspace mm-workspace">
            <div className="mm-board">
              <MindMapChart map={map} expansion={expansion} onWordClick={toggleWord} onChart={onChart} />
            </div>
            <MindMapOutline map={map} expansion={expansion} onWordClick={toggleWord} loadingWord={loadingWord} />
          </div>
        </>
      ) : (
        <div className="mm-empty">
          <NoData text={build.isPending ? 'AI 正在整理关键词…' : '输入关键词，生成思维导图'} />
        </div>
      )}
    </div>
  );
}
