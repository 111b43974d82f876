import type { Extraction } from '@dso/contract';
import { Button, Card } from 'antd';
import { copyText } from '../../../lib/clipboard';

/** Seconds as m:ss. */
export function formatOffset(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** An extraction's transcript: the video it came from, the whole text with 复制文案, and its timed lines. */
export function TranscriptView({ extraction }: { extraction: Extraction }) {
  const text = extraction.text ?? '';
  return (
    <Card
      data-testid="extraction-result"
      title={extraction.video_desc || '无标题作品'}
      extra={
        <Button
          type="primary"
          onClick={() => void copyText(text, { failureMessage: '复制失败，请手动选择文案复制' })}
          disabled={!text}
        >
          复制文案
        </Button>
      }
    >
      <p className="ex-transcript" data-testid="extraction-text">
        {text}
      </p>
      {extraction.segments.length > 1 && (
        <ol className="ex-segments" aria-label="分段文案">
          {extraction.segments.map((segment) => (
            <li key={`${segment.start}-${segment.text}`}>
              <time>{formatOffset(segment.start)}</time> {segment.text}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
