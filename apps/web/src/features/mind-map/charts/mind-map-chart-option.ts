import { type ChartOption, type ChartPalette, tooltipHtml } from '../../../lib/charts';
import { formatFigure } from '../../../lib/figures';
import { type MindMapNode, relationLabels } from '../mind-map-tree';

/** What ECharts hands a tree's tooltip and click handlers. */
export interface TreeParams {
  data?: MindMapNode;
}

/**
 * The map drawn with ECharts' tree series, left to right: the keyword, the model's groups, the words
 * (coloured by relation) and the children of open words. The tooltip names a word and how it relates,
 * with its search index; every name is data (a library keyword, a group the model wrote), so it is escaped.
 */
export function mindMapChartOption(tree: MindMapNode, palette: ChartPalette): ChartOption {
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
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const node = (params as TreeParams).data;
        if (!node?.word) return tooltipHtml`${node?.name ?? ''}`;
        const { word } = node;
        return tooltipHtml`${word.word}<br/>${relationLabels[word.relation]} · 搜索指数 ${formatFigure(word.search_index)}`;
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
}
