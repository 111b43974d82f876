/** What the extraction feature offers: its routes and job, and erasing a closed account's extractions. */
export { eraseExtractionsOf } from './extraction.erase';
export { extractionJobHandlers } from './extraction.job';
export { extractionRoutes } from './extraction.routes';
