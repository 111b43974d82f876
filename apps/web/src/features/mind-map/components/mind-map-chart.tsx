import type { MindMap } from '@dso/contract';
import { useMemo, useRef } from 'react';
import { type ChartOption, EChart, type EChartInstance, useChartTheme } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { leafCount, type MindMapExpansion, type MindMapNode, relationLabels, treeOf } from '../mind-map-tree';

/** Rows of height per drawn leaf, and the chart's least height. */
const ROW_PX = 28;
const MIN_HEIGHT = 480;

export interface MindMapChartProps {
  map: MindMap;
  expansion: MindMapExpansion;
  /** A word node was clicked (the page loads or folds its children). */
  onWordClick: (word: string) => void;
  /** The drawn chart, for the PNG export. */
  onChart: (chart: EChartInstance | null) => void;
}

interface TreeParams {
  data?: MindMapNode;
}

/**
 * The map drawn with ECharts' tree series, left to right: the keyword, the model's groups, the words
 * (coloured by relation) and the children of open words. Folding is the page's state, not the chart's,
 * so a redraw keeps what is open.
 */
export function MindMapChart({ map, expansion, onWordClick, onChart }: MindMapChartProps) {
  const { palette } = useChartTheme();
  const tree = useMemo(() => treeOf(map, expansion), [map, expansion]);
  const height = Math.max(MIN_HEIGHT, leafCount(tree) * ROW_PX);
  const clickRef = useRef(onWordClick);
  clickRef.current = onWordClick;
  const chartRef = useRef<EChartInstance | null>(null);

  const relationColor = {
    sug: palette.series[0]!,
    correlation: palette.series[1]!,
    root: palette.series[2]!,
  };
  const styled = (node: MindMapNode): Record<string, unknown> => ({
    ...node,
    itemStyle:
      node.kind === 'root'
        ? { color: palette.series[4], borderColor: palette.series[4] }
        : node.kind === 'group'
          ? { color: palette.series[3], borderColor: palette.series[3] }
          : { color: relationColor[node.word!.relation], borderColor: relationColor[node.word!.relation] },
    symbolSize: node.kind === 'root' ? 16 : node.kind === 'group' ? 12 : 9,
    label: {
      fontSize: node.kind === 'root' ? 16 : 13,
      fontWeight: node.kind === 'word' ? 'normal' : 'bold',
      color: palette.text,
    },
    ...(node.children ? { children: node.children.map(styled) } : {}),
  });

  const option: ChartOption = {
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const node = (params as TreeParams).data;
        if (!node?.word) return node?.name ?? '';
        const { word } = node;
        return `${word.word}<br/>${relationLabels[word.relation]} · 搜索指数 ${formatFigure(word.search_index)}`;
      },
    },
    series: [
      {
        type: 'tree',
        data: [styled(tree)],
        orient: 'LR',
        top: 16,
        bottom: 16,
        left: 90,
        right: 160,
        roam: false,
        expandAndCollapse: false,
        initialTreeDepth: -1,
        animationDuration: 300,
        animationDurationUpdate: 300,
        label: { position: 'left', verticalAlign: 'middle', align: 'right' },
        leaves: { label: { position: 'right', verticalAlign: 'middle', align: 'left' } },
        lineStyle: { color: palette.axisLine, width: 1.2, curveness: 0.5 },
        emphasis: { focus: 'descendant' },
      },
    ],
  };

  const attach = (chart: EChartInstance | null) => {
    chartRef.current = chart;
    onChart(chart);
    chart?.on('click', (params) => {
      const node = (params as TreeParams).data;
      if (node?.kind === 'word') clickRef.current(node.name);
    });
  };

  return (
    <EChart
      option={option}
      height={height}
      ariaLabel={`「${map.keyword}」的关键词思维导图`}
      testId="mind-map-chart"
      onChart={attach}
    />
  );
}
