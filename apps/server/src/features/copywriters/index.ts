/** What the copywriters feature offers: its routes, and erasing a closed account's works. */
export { eraseCopywriterWorksOf } from './copywriters.erase';
export { copywritersRoutes } from './copywriters.routes';
