/**
 * The material library's public face: the addresses of the video search and of a keyword's ranked
 * works, and the keyword detail's ranked-works section. Its pages load lazily from the route table.
 */

export { KeywordRankedVideos } from './components/keyword-ranked-videos';
export { keywordRankPath, videoSearchPath } from './topics';
