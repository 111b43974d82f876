/** What the writing feature offers: its routes, its default templates, and erasing a closed account's works. */
export { eraseWritingOf } from './writing.erase';
export { writingRoutes } from './writing.routes';
export { ensureDefaultWritingTemplates } from './writing.service';
