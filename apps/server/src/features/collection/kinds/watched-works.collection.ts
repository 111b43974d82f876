import type { PlatformDataProvider } from '../../../providers/platform-data';
import { collectedWorks } from '../../favourites';
import { monitoredWorks } from '../../monitoring';
import { refreshCreator, refreshVideo, VIDEO_PLATFORM } from '../../videos';
import type { CollectionContext, CollectionHandler } from '../collection.registry';
import { countFailure, stopsRun } from '../collection.service';

/**
 * The daily refresh of watched works: every video members collected or monitor and every creator they
 * collected, refreshed through the videos feature's refresh path (the dialog's refresh button's). A fetch that
 * fails writes nothing (the refresh writes only what came back, in one transaction), is counted with the
 * vendor's reason, and the run goes on with the next item; a source that refuses our credentials stops it.
 */
export function watchedWorksCollection(deps: { platformData: PlatformDataProvider }): CollectionHandler {
  return async (context) => {
    const source = metered(deps.platformData, context);
    const collected = await collectedWorks(context.db, VIDEO_PLATFORM);
    const videos = [...new Set([...collected.videos, ...(await monitoredWorks(context.db))])];
    const items: Array<() => Promise<'refreshed' | 'unknown'>> = [
      ...videos.map((awemeId) => () => refreshVideo(context.db, source, awemeId)),
      ...collected.creators.map((userId) => () => refreshCreator(context.db, source, userId)),
    ];
    for (const refresh of items) {
      if (context.signal.aborted) return;
      try {
        if ((await refresh()) === 'refreshed') context.tally.updated++;
        else context.tally.unchanged++;
      } catch (error) {
        if (stopsRun(error)) throw error;
        countFailure(context.tally, error);
      }
    }
  };
}

/** The provider with each of its calls made through the run's context (paced, counted, budgeted). */
function metered(provider: PlatformDataProvider, context: CollectionContext): PlatformDataProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => context.call(() => value.apply(target, args));
    },
  });
}
