/** What the image-text feature offers: its routes and job, a finished work to publish, and erasure. */
export { eraseImageTextOf } from './image-text.erase';
export { imageTextJobHandlers } from './image-text.job';
export { imageTextRoutes } from './image-text.routes';
export { getImageTextWork } from './image-text.service';
