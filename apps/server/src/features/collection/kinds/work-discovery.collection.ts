import type { PlatformCreatorRecord, PlatformDataProvider } from '../../../providers/platform-data';
import { wordsForSuggestions } from '../../keywords';
import { creatorsMissing, storeDiscoveredWorks } from '../../videos';
import type { CollectionContext, CollectionHandler } from '../collection.registry';
import { failItem } from '../collection.service';
import { metered } from './metered';

/**
 * The daily discovery of new works: each of the Douyin library's `words` most searched words is searched through the
 * source (its first page of works). A work the library lacks joins it (counted added) with its author, whose account
 * is fetched first when the library lacks it too; a known work takes the figures the search gave (updated); every
 * work found is placed under the word as ranked that day. A failed search or author fetch is counted with the
 * vendor's reason and the run goes on (an author that cannot be fetched leaves its works out, never half-stored);
 * a spent budget or refused credentials stop it.
 */
export function workDiscoveryCollection(deps: {
  platformData: PlatformDataProvider;
  words: number;
}): CollectionHandler {
  return async (context) => {
    const source = metered(deps.platformData, context);
    for (const { keyword } of await wordsForSuggestions(context.db, deps.words)) {
      if (context.signal.aborted) return;
      try {
        const found = await source.searchVideos(keyword, null);
        if (found.items.length === 0) {
          context.tally.unchanged++;
          continue;
        }
        const authors = await fetchAuthors(
          context,
          source,
          await creatorsMissing(
            context.db,
            found.items.map((work) => work.authorUserId),
          ),
        );
        const outcome = await storeDiscoveredWorks(context.db, {
          keyword,
          works: found.items,
          authors,
          isDemo: deps.platformData.isDemo,
        });
        context.tally.added += outcome.added;
        context.tally.updated += outcome.updated;
      } catch (error) {
        failItem(context.tally, error);
      }
    }
  };
}

/** The accounts of authors the library lacks; one that fails or is unknown to the source is counted and left out. */
async function fetchAuthors(context: CollectionContext, source: PlatformDataProvider, userIds: string[]) {
  const fetched: PlatformCreatorRecord[] = [];
  for (const userId of userIds) {
    try {
      const author = await source.fetchCreator(userId);
      if (author) fetched.push(author);
    } catch (error) {
      failItem(context.tally, error);
    }
  }
  return fetched;
}
