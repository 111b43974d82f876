import { fill, pick, Stream, streamFor } from './random';
import { leadPhrase } from './titles';
import type { DemoVideo } from './videos';
import { transcriptCalls, transcriptGoodsLines, transcriptHooks, transcriptOrdinals, transcriptPoints } from './vocab';

/* The spoken scripts of the demo's video works. */

/** Points a spoken script makes: 3 for a work under a minute, one more per further minute, at most 6. */
const transcriptPointCount = (durationMs: number) => Math.min(6, 3 + Math.floor(durationMs / 60_000));

/**
 * The stored transcript of a video work: what its creator says, as a speech-to-text vendor would hand
 * it back, one spoken sentence (or two) a line. A hook naming the title's lead phrase, 3–6 numbered
 * points about the subject (more for longer works), the goods line when the work sells something, and
 * a call to action. Template fills from its own stream, so it costs microseconds a work and adding it
 * shifted no other figure; null for an image-text post (nothing is spoken).
 */
export function demoTranscript(seed: number, video: DemoVideo): string | null {
  if (video.durationMs <= 0) return null;
  const random = streamFor(seed, Stream.Transcript, video.index);
  const values = {
    t: video.subject,
    l: leadPhrase(video),
    f: video.industry,
    n: String(2 + Math.floor(random() * 8)),
  };
  const lines = [fill(pick(transcriptHooks, random), values)];
  const points = [...transcriptPoints];
  const count = transcriptPointCount(video.durationMs);
  for (let k = 0; k < count; k++) {
    const [point] = points.splice(Math.floor(random() * points.length), 1);
    lines.push(fill(point!, { ...values, o: k === count - 1 ? '最后' : transcriptOrdinals[k]! }));
  }
  const good = video.goods[0];
  if (good) lines.push(fill(pick(transcriptGoodsLines, random), { g: good.title }));
  lines.push(fill(pick(transcriptCalls, random), values));
  return lines.join('\n');
}
