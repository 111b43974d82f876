/** The keyword detail feature's public face: addresses of the detail pages and the figure formatters. */

export { FigureTip } from './components/figure-tip';
export { GrowthText } from './components/growth-text';
export { figureValue, formatFigure, formatGrowth } from './figures';
export {
  type DetailTab,
  detailPlatforms,
  keywordDetailPath,
  keywordSharePath,
  tsoTopicDetailPath,
} from './platforms';
