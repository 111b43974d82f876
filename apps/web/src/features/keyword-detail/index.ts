/** The keyword detail feature's public face: addresses of the detail pages, the figure tips and the growth text. */

export { FigureTip } from './components/figure-tip';
export { GrowthText } from './components/growth-text';
export {
  type DetailTab,
  keywordDetailPath,
  keywordSharePath,
  tsoTopicDetailPath,
} from './platforms';
