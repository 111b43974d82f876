import type { PlatformDataProvider } from '../../../providers/platform-data';
import { collectedWorks } from '../../favourites';
import { monitoredWorks } from '../../monitoring';
import { refreshCreator, refreshVideo, topVideoIds, VIDEO_PLATFORM } from '../../videos';
import type { CollectionContext, CollectionHandler } from '../collection.registry';
import { failItem } from '../collection.service';
import { metered } from './metered';

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
    await refreshEach(context, [
      ...videos.map((awemeId) => () => refreshVideo(context.db, source, awemeId)),
      ...collected.creators.map((userId) => () => refreshCreator(context.db, source, userId)),
    ]);
  };
}

/**
 * The daily refresh of the library's `count` most liked videos (and their authors) through the same refresh path:
 * the works members meet first in every list stay as fresh as the ones they watch.
 */
export function topWorksCollection(deps: { platformData: PlatformDataProvider; count: number }): CollectionHandler {
  return async (context) => {
    const source = metered(deps.platformData, context);
    const top = await topVideoIds(context.db, deps.count);
    await refreshEach(
      context,
      top.map((awemeId) => () => refreshVideo(context.db, source, awemeId)),
    );
  };
}

/**
 * Refreshes item after item: refreshed counts as updated, unknown (to the source or the library) as unchanged, a
 * failed fetch as a failure with the vendor's reason, and the run goes on; a spent budget or refused credentials
 * stop it.
 */
async function refreshEach(context: CollectionContext, items: Array<() => Promise<'refreshed' | 'unknown'>>) {
  for (const refresh of items) {
    if (context.signal.aborted) return;
    try {
      if ((await refresh()) === 'refreshed') context.tally.updated++;
      else context.tally.unchanged++;
    } catch (error) {
      failItem(context.tally, error);
    }
  }
}
