/** What the live-replay feature offers: its routes and job, and erasing a closed account's replays. */
export { eraseLiveReplaysOf } from './live-replay.erase';
export { liveReplayJobHandlers } from './live-replay.job';
export { liveReplayRoutes } from './live-replay.routes';
