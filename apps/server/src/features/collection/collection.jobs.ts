import { z } from 'zod';
import type { CollectionName, CollectionSource } from '../../config';
import {
  collectionSources,
  discoveryWords,
  hotBoardCities,
  redSuggestionWords,
  scheduledCollections,
  suggestionWords,
  topicSuggestionWords,
  topWorksCount,
} from '../../config';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../../lib/rate-limit';
import { createMemoryRateLimitStore } from '../../lib/rate-limit';
import type { HotListProvider } from '../../providers/hot-list';
import type { PlatformDataProvider } from '../../providers/platform-data';
import type { PlatformKeywordSource } from '../../providers/platform-data/keywords';
import { type JobHandlers, type JobLogger, PermanentJobError } from '../jobs';
import { sourcePace } from './collection.pace';
import { type CollectionKind, collectionKinds } from './collection.registry';
import { isRunning } from './collection.runs';
import { COLLECTION_RUN_JOB, type RunOutcome, runCollection, type SourceLimits } from './collection.service';
import { manualWindowKey } from './collection.windows';
import {
  douyinHotBoardsCollection,
  libraryHotBoardsCollection,
  platformHotBoardsCollection,
} from './kinds/hot-boards.collection';
import { suggestionsCollection } from './kinds/suggestions.collection';
import { topicSuggestionsCollection } from './kinds/topic-suggestions.collection';
import { topWorksCollection, watchedWorksCollection } from './kinds/watched-works.collection';
import { workDiscoveryCollection } from './kinds/work-discovery.collection';

const payloadSchema = z.object({
  collection: z.enum(Object.keys(scheduledCollections) as [CollectionName, ...CollectionName[]]),
  window: z.string().min(1).max(64),
  trigger: z.enum(['schedule', 'catch_up', 'manual']),
  staffName: z.string().max(64).nullish(),
});

/** What the collections need: their sources' providers, each source's limits, and the store pacing the calls. */
export interface CollectionDeps {
  platformData: PlatformDataProvider & PlatformKeywordSource;
  hotList: HotListProvider;
  limits?: Record<CollectionSource, SourceLimits>;
  /** The rate-limit store pacing vendor calls (Redis when REDIS_URL is set); in memory by default. */
  paceStore?: RateLimitStore;
}

/** Every collection kind with its handler: a new kind adds its line here and its row in `scheduledCollections`. */
export function allCollectionKinds(
  deps: Pick<CollectionDeps, 'platformData' | 'hotList'>,
): Record<CollectionName, CollectionKind> {
  return collectionKinds({
    watched_works: { scope: 'favourites+monitoring', handler: watchedWorksCollection(deps) },
    hot_boards: {
      scope: 'DSO',
      handler: platformHotBoardsCollection({ platformData: deps.platformData, cityCodes: hotBoardCities }),
    },
    douyin_hot_boards: { scope: 'DSO', handler: douyinHotBoardsCollection(deps) },
    suggestions: {
      scope: 'DSO',
      handler: suggestionsCollection({ platformData: deps.platformData, words: suggestionWords }),
    },
    top_works: {
      scope: 'videos',
      handler: topWorksCollection({ platformData: deps.platformData, count: topWorksCount }),
    },
    red_hot_boards: { scope: 'RSO', handler: libraryHotBoardsCollection({ ...deps, library: 'RSO' }) },
    kuaishou_hot_boards: { scope: 'KSO', handler: libraryHotBoardsCollection({ ...deps, library: 'KSO' }) },
    bilibili_hot_boards: { scope: 'BSO', handler: libraryHotBoardsCollection({ ...deps, library: 'BSO' }) },
    red_suggestions: {
      scope: 'RSO',
      handler: suggestionsCollection({ platformData: deps.platformData, words: redSuggestionWords, library: 'RSO' }),
    },
    work_discovery: {
      scope: 'videos',
      handler: workDiscoveryCollection({ platformData: deps.platformData, words: discoveryWords }),
    },
    topic_suggestions: {
      scope: 'topics',
      handler: topicSuggestionsCollection({ platformData: deps.platformData, words: topicSuggestionWords }),
    },
  });
}

const defaultLimits = Object.fromEntries(
  Object.entries(collectionSources).map(([source, limits]) => [
    source,
    { dailyCalls: limits.dailyCalls, callsPerSecond: limits.callsPerSecond },
  ]),
) as Record<CollectionSource, SourceLimits>;

/** The job that runs one collection over one window. */
export function collectionJobHandlers(deps: CollectionDeps): JobHandlers {
  const kinds = allCollectionKinds(deps);
  const limits = deps.limits ?? defaultLimits;
  const pace = sourcePace({ store: deps.paceStore ?? createMemoryRateLimitStore() });
  return {
    [COLLECTION_RUN_JOB]: async (payload, { db, job, log, signal }) => {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
      const kind = kinds[parsed.data.collection];
      await runCollection(db, {
        kind,
        window: parsed.data.window,
        trigger: parsed.data.trigger,
        staffName: parsed.data.staffName ?? null,
        jobId: job.id,
        limits: limits[kind.source],
        pace,
        log,
        signal,
      });
    },
  };
}

/**
 * Runs a collection now, in this process (`npm run collect -- run`): a manual window of this instant,
 * recorded like any run; refused ('busy') while a run of the collection is in hand.
 */
export async function runCollectionNow(
  db: Database,
  deps: CollectionDeps & { collection: CollectionName; staffName: string; log: JobLogger },
): Promise<RunOutcome | { status: 'busy' }> {
  if (await isRunning(db, deps.collection)) return { status: 'busy' };
  const kind = allCollectionKinds(deps)[deps.collection];
  return runCollection(db, {
    kind,
    window: manualWindowKey(new Date()),
    trigger: 'manual',
    staffName: deps.staffName,
    jobId: null,
    limits: (deps.limits ?? defaultLimits)[kind.source],
    pace: sourcePace({ store: deps.paceStore ?? createMemoryRateLimitStore() }),
    log: deps.log,
  });
}
