import { shanghaiDay } from '@dso/domain';
import type { PlatformKeywordSource } from '../../../providers/platform-data/keywords';
import { wordsForSuggestions } from '../../keywords';
import { type CollectedTopic, storeCollectedTopics } from '../../videos';
import type { CollectionHandler } from '../collection.registry';
import { countFailure, stopsRun } from '../collection.service';

/**
 * The daily 话题推荐: each of the Douyin library's `words` most searched words is asked for the topics (challenges)
 * the source suggests for it, and what the round found joins the topic library (/DouyinTopic/searchWord) as the
 * day's video topics, heat being a topic's views (`storeCollectedTopics`). A failed call is counted with the
 * vendor's reason and the round goes on; a spent budget or refused credentials stop it, and what was answered
 * before is stored all the same. A round that found nothing writes nothing, so the topic list keeps its last day.
 */
export function topicSuggestionsCollection(deps: {
  platformData: PlatformKeywordSource & { name: string; isDemo: boolean };
  words: number;
  now?: () => Date;
}): CollectionHandler {
  const now = deps.now ?? (() => new Date());
  return async (context) => {
    const found: CollectedTopic[] = [];
    let stopping: unknown = null;
    for (const { keyword } of await wordsForSuggestions(context.db, deps.words)) {
      if (context.signal.aborted) break;
      try {
        const topics = await context.call(() => deps.platformData.fetchTopicSuggestions(keyword));
        for (const topic of topics) found.push({ name: topic.name, views: topic.viewCount });
      } catch (error) {
        if (stopsRun(error)) {
          stopping = error;
          break;
        }
        countFailure(context.tally, error);
      }
    }
    const stored = await storeCollectedTopics(context.db, {
      day: shanghaiDay(now()),
      topics: found,
      source: deps.platformData.name,
      isDemo: deps.platformData.isDemo,
    });
    context.tally.added += stored.added;
    context.tally.updated += stored.updated;
    context.tally.unchanged += stored.unchanged;
    if (stopping) throw stopping;
  };
}
