/** What the legal feature offers the app: its routes. */
export { legalRoutes } from './legal.routes';
