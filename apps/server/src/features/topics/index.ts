/** What the topics feature offers the app: its routes. */
export { topicsRoutes } from './topics.routes';
