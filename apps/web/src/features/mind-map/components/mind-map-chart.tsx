import type { MindMap } from '@dso/contract';
import { useMemo, useRef } from 'react';
import { EChart, type EChartInstance, useChartTheme } from '../../../lib/charts';
import { mindMapChartOption, type TreeParams } from '../charts/mind-map-chart-option';
import { leafCount, type MindMapExpansion, treeOf } from '../mind-map-tree';

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

/**
 * The map drawn with ECharts' tree series (`mindMapChartOption`). Folding is the page's state, not the
 * chart's, so a redraw keeps what is open.
 */
export function MindMapChart({ map, expansion, onWordClick, onChart }: MindMapChartProps) {
  const { palette } = useChartTheme();
  const tree = useMemo(() => treeOf(map, expansion), [map, expansion]);
  const height = Math.max(MIN_HEIGHT, leafCount(tree) * ROW_PX);
  const clickRef = useRef(onWordClick);
  clickRef.current = onWordClick;
  const chartRef = useRef<EChartInstance | null>(null);

  const option = useMemo(() => mindMapChartOption(tree, palette), [tree, palette]);

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
