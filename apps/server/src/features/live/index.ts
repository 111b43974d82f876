/** What the live feature offers: its routes, and a live session as a replay analysis reads it. */
export { liveRoutes } from './live.routes';
export { liveSessionForReplay } from './live.service';
