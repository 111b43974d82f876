/** What the mind-map feature offers the app: its routes. */
export { mindMapRoutes } from './mind-map.routes';
