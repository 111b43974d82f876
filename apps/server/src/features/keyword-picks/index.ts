/** What the keyword-picks feature offers the app: its routes. */
export { keywordPicksRoutes } from './keyword-picks.routes';
