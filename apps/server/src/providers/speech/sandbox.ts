import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema';
import { SpeechError, type SpeechProvider, segmentsOf } from './index';
import { liveScript } from './sandbox-live';

/**
 * The sandbox: answers with the transcript stored with a library video (`videos.transcript`: the demo
 * seed stores one with every detailed video work, an import may carry one), spread over the video's
 * duration. A video without one (an import without transcripts, the works past a benchmark library's
 * detailed ones) gets a script read off its own description, hashtags and words, so every library
 * video can be extracted offline; the UI labels sandbox output. A live session
 * gets a host's script from its goods and curve (`liveScript`). Files and audio cannot be heard
 * without a model and are refused.
 */
export function createSandboxSpeech(options: { db: Database }): SpeechProvider {
  return {
    name: 'sandbox',
    isSandbox: true,
    concurrency: 4,
    async transcribe(source) {
      if (source.kind === 'live') {
        if (source.minutes.length === 0) throw new SpeechError('no_media', 'the live session has no minutes');
        return liveScript(source);
      }
      if (source.kind !== 'video') {
        throw new SpeechError('no_media', 'the sandbox transcribes library videos only');
      }
      const [video] = await options.db
        .select({
          transcript: videos.transcript,
          desc: videos.videoDesc,
          tags: videos.videoTag,
          words: videos.wordNew,
        })
        .from(videos)
        .where(and(eq(videos.platform, 'DSO'), eq(videos.awemeId, source.awemeId)));
      if (!video) throw new SpeechError('no_media', 'the video is not in the library');
      const text = video.transcript?.trim() || scriptOf(video);
      if (!text) throw new SpeechError('no_media', 'the video has no words to read');
      return { text, segments: segmentsOf(text, source.durationMs), language: 'zh' };
    },
  };
}

/** A spoken-style script from a video's own text: its description, then its topics and words. */
function scriptOf(video: { desc: string; tags: string[]; words: string[] }): string {
  const title = video.desc.replace(/#\S+/g, '').replace(/\s+/g, ' ').trim();
  const topics = [...new Set([...video.tags, ...video.words].map((word) => word.trim()).filter(Boolean))];
  const lines: string[] = [];
  if (title) lines.push(`大家好，今天和大家聊聊${title}。`);
  if (topics.length > 0) lines.push(`这期视频的重点是${topics.slice(0, 5).join('、')}。`);
  for (const topic of topics.slice(0, 3)) lines.push(`说到${topic}，很多朋友都问过我，今天一次讲清楚。`);
  if (lines.length > 0) lines.push('觉得有用的话记得点赞收藏，我们下期见！');
  return lines.join('\n');
}
