/**
 * What the open-api feature offers: its routes (`/open/v1/…`, the OpenAPI document and its reference page),
 * and one function per open endpoint, which the MCP server's tools call too.
 */
export { openApiRoutes } from './open-api.routes';
export {
  type OpenInput,
  openCalls,
  openCreatorProfile,
  openCreatorSearch,
  openKeywordBoard,
  openKeywordDetailCall,
  openKeywordRelated,
  openKeywordSearch,
  openKeywordSuggestions,
  openKeywordTrendCall,
  openMonitorRanks,
  openVideoDetail,
  openVideoSearch,
  parseOpenInput,
  runOpenCall,
  spendOpenCall,
} from './open-calls';
