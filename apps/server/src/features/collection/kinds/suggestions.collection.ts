import type { PlatformKeywordSource } from '../../../providers/platform-data/keywords';
import { storeSuggestions, type WordSuggestions, wordsForSuggestions } from '../../keywords';
import type { CollectionHandler } from '../collection.registry';
import { countFailure, stopsRun } from '../collection.service';

/**
 * Calls in flight at once: the run's pace admits them one by one, and while one waits for the vendor the next can
 * start, so a round keeps to the source's rate rather than to one call's round trip.
 */
const CALLS_IN_FLIGHT = 16;
/** Answers stored together, in one transaction. */
const STORE_BATCH = 200;

/**
 * The daily 下拉词 of a library's `words` most searched words (the Douyin library's, or 小红书's 联想词), one source call each. A word the source
 * answered replaces its stored list (counted updated); an empty answer keeps the last list (unchanged); a failed
 * call is counted with the vendor's reason and the run goes on. A spent budget or refused credentials stop it (the
 * answers already in hand are stored first).
 */
export function suggestionsCollection(deps: {
  platformData: PlatformKeywordSource;
  words: number;
  /** The library whose words are asked about: Douyin's 下拉词 by default, or 小红书's 联想词 (`RSO`). */
  library?: 'DSO' | 'RSO';
}): CollectionHandler {
  const ask =
    deps.library === 'RSO'
      ? (word: string) => deps.platformData.fetchRedSuggestions(word)
      : (word: string) => deps.platformData.fetchSuggestions(word);
  const library = { platform: deps.library ?? 'DSO', country: '' };
  return async (context) => {
    const words = await wordsForSuggestions(context.db, deps.words, library);
    // The callers take the next word by index: shifting a 100,000-word array would move it all on every take.
    let next = 0;
    const answered: WordSuggestions[] = [];
    let stopping: unknown = null;
    const flush = async () => {
      const batch = answered.splice(0, answered.length);
      if (batch.length === 0) return;
      for (const stored of await storeSuggestions(context.db, batch)) {
        if (stored > 0) context.tally.updated++;
        else context.tally.unchanged++;
      }
    };
    // Stores run one after another beside the calls; a failed store stops the run like a refusal.
    let storing = Promise.resolve();
    const store = () => {
      storing = storing.then(flush).catch((error: unknown) => {
        stopping ??= error;
      });
    };
    const caller = async () => {
      for (let keyword = words[next++]; keyword; keyword = words[next++]) {
        if (context.signal.aborted || stopping) return;
        try {
          const word = keyword.keyword;
          const suggestions = await context.call(() => ask(word));
          answered.push({ keyword, suggestions });
          if (answered.length >= STORE_BATCH) store();
        } catch (error) {
          if (stopsRun(error)) {
            stopping ??= error;
            return;
          }
          countFailure(context.tally, error);
        }
      }
    };
    await Promise.all(Array.from({ length: CALLS_IN_FLIGHT }, caller));
    store();
    await storing;
    if (stopping) throw stopping;
  };
}
