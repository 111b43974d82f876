/** What the frame feature (page views, tracking, friend links) offers the app. */
export { frameRoutes } from './frame.routes';
export { ensureFriendLinks } from './frame.service';
