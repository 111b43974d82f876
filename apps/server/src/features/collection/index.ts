/**
 * What the collection feature offers (docs/collection.md): the job that runs a collection over a window and the
 * registry of collection kinds, the scheduler a worker process starts and stops, manual runs, and the status the
 * console and `npm run collect` show.
 */
export { allCollectionKinds, type CollectionDeps, collectionJobHandlers, runCollectionNow } from './collection.jobs';
export { sourcePace } from './collection.pace';
export {
  BudgetExhaustedError,
  type CollectionContext,
  type CollectionHandler,
  type CollectionKind,
} from './collection.registry';
export { CollectionScheduler } from './collection.scheduler';
export { COLLECTION_RUN_JOB, requestManualRun, runCollection, type SourceLimits } from './collection.service';
export { type CollectionStatus, collectionStatus } from './collection.status';
export { suggestionsCollection } from './kinds/suggestions.collection';
