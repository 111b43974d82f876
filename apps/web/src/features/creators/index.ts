/**
 * The creators feature's public face: its pages load lazily from the route table; the keyword detail
 * page shows the creators behind a keyword with this section (a lazy chunk itself).
 */

export { CreatorClassTags } from './components/creator-class-tags';
export { KeywordCreators } from './components/keyword-creators';
export { competitorsPath, personDetailPath } from './figures';
