import type { PlatformKeywordSource } from '../../../providers/platform-data/keywords';
import { storeSuggestions, wordsForSuggestions } from '../../keywords';
import type { CollectionHandler } from '../collection.registry';
import { BudgetExhaustedError } from '../collection.registry';
import { reasonOf } from '../collection.service';

/**
 * The daily 下拉词 of the Douyin library's `words` most searched words, one source call each. A word the source
 * answered replaces its stored list (counted updated); an empty answer keeps the last list (unchanged); a failed
 * call is counted with the vendor's reason and the run goes on. A spent budget or refused credentials stop it.
 */
export function suggestionsCollection(deps: { platformData: PlatformKeywordSource; words: number }): CollectionHandler {
  return async (context) => {
    for (const keyword of await wordsForSuggestions(context.db, deps.words)) {
      if (context.signal.aborted) return;
      try {
        const suggestions = await context.call(() => deps.platformData.fetchSuggestions(keyword.keyword));
        if ((await storeSuggestions(context.db, keyword, suggestions)) > 0) context.tally.updated++;
        else context.tally.unchanged++;
      } catch (error) {
        if (error instanceof BudgetExhaustedError) throw error;
        if ((error as { reason?: unknown }).reason === 'unauthorized') throw error;
        context.tally.failures++;
        context.tally.error ??= reasonOf(error);
      }
    }
  };
}
