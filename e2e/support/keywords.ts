import { firstRunPlan, seedKeywords, seedTsoTopics } from '@dso/server/keywords/demo/seed';
import { deriveScope } from '@dso/server/keywords/derive';
import { e2eVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import { type RunningServer, startJourneyServer } from './server';

/** The day the seeded figures are as of. */
export const DEMO_AS_OF = '2026-11-20';

export interface KeywordsServer extends RunningServer {
  /** A user of a grade with an open session; the token goes into local storage before the page loads. */
  signedInUser(grade: string): Promise<{ id: number; token: string }>;
}

/**
 * A journey server with the demo keyword library seeded: the test server starts with an empty one,
 * and the keyword journeys need every platform (and the five overseas countries of the first-run
 * plan, with their TikTok topic lists) to search in. `scale` shrinks every library of the first-run plan (a quarter by default:
 * about 12,000 keywords, enough for paging past a grade's depth, seeded in a fraction of the time).
 */
export async function startServerWithDemoData(options: { scale?: number } = {}): Promise<KeywordsServer> {
  const scale = options.scale ?? 0.25;
  const plan = firstRunPlan(DEMO_AS_OF);
  plan.scopes = plan.scopes.map((scope) => ({ ...scope, count: Math.ceil(scope.count * scale) }));
  const server = await startJourneyServer({
    prepare: async (db) => {
      await seedKeywords(db, plan);
      // The industry medians, as the first run's derive step writes them: a search for 母婴 finds the 母婴亲子 words by them.
      for (const scope of plan.scopes) await deriveScope(db, scope, { steps: ['industryStats'] });
      const overseas = plan.scopes.filter((scope) => scope.platform === 'TSO').map((scope) => scope.country);
      await seedTsoTopics(db, { countries: overseas, seed: plan.seed, asOf: DEMO_AS_OF, count: 30 });
      // Creators, works, comments, live sessions and topics whose titles hold the library's head terms.
      await seedVideoDemo(db, e2eVideoOptions(DEMO_AS_OF));
    },
  });
  return {
    url: server.url,
    async signedInUser(grade) {
      const { id, token } = await server.account(grade);
      return { id, token };
    },
    close: server.close,
  };
}
