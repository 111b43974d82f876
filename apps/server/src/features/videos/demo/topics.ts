import type { TopicIngest } from '../ingest/video-ingest.repository';
import { gaussian, Stream, streamFor } from './random';
import type { DemoVideo } from './videos';

/* The demo's topics of the day: the subjects with the most works, gathered while the works stream past. */

/** A demo topic as the ingest takes it (the seed adds `isDemo`); its works are the most liked of the generated ones. */
export type DemoTopic = Omit<TopicIngest, 'isDemo'>;

/** Works kept under a demo topic. */
const TOPIC_WORKS = 50;

/** What the topics are made of, gathered while the videos stream past. */
export class TopicTally {
  private readonly subjects = new Map<
    string,
    { video: DemoVideo[]; image: DemoVideo[]; works: [number, number]; heat: number }
  >();

  add(video: DemoVideo) {
    const entry = this.subjects.get(video.subject) ?? { video: [], image: [], works: [0, 0], heat: 0 };
    const image = video.durationMs === 0;
    const list = image ? entry.image : entry.video;
    entry.works[image ? 1 : 0]++;
    entry.heat += video.goodCount + video.commentCount * 5 + video.shareCount * 10;
    // Keep the most liked works only.
    list.push(video);
    if (list.length > TOPIC_WORKS * 2) {
      list.sort((a, b) => b.goodCount - a.goodCount);
      list.length = TOPIC_WORKS;
    }
    this.subjects.set(video.subject, entry);
  }

  /** The subjects with the most works, per kind, as topics of the day. */
  topics(seed: number, asOf: string, perKind: number): DemoTopic[] {
    const topics: DemoTopic[] = [];
    for (const kind of ['video', 'image_text'] as const) {
      const ranked = [...this.subjects.entries()]
        .map(([name, entry]) => ({
          name,
          list: kind === 'video' ? entry.video : entry.image,
          works: entry.works[kind === 'video' ? 0 : 1],
          heat: entry.heat,
        }))
        .filter((entry) => entry.works > 0)
        .sort((a, b) => b.works - a.works || b.heat - a.heat || (a.name < b.name ? -1 : 1))
        .slice(0, perKind);
      ranked.forEach((entry, rank) => {
        const random = streamFor(seed, Stream.Topic, rank * 2 + (kind === 'video' ? 0 : 1));
        topics.push({
          kind,
          name: entry.name,
          day: asOf,
          heat: Math.round(entry.heat * (kind === 'video' ? 1 : 0.3) * (5 + random() * 20)) + 1,
          videoCount: entry.works * (50 + Math.floor(random() * 400)),
          growth: Math.round(gaussian(random) * 0.25 * 1000) / 1000,
          awemeIds: [...entry.list]
            .sort((a, b) => b.goodCount - a.goodCount)
            .slice(0, TOPIC_WORKS)
            .map((video) => video.awemeId),
        });
      });
    }
    return topics;
  }
}
