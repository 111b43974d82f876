import { AiStreamEvent } from '@dso/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requestStream } from './client';

/** Where a streamed AI text stands. */
export type AiStreamStatus = 'idle' | 'streaming' | 'done' | 'stopped';

/** The `start` event every streamed AI call sends: the sandbox flag, and what the feature adds. */
export interface AiStreamStart {
  sandbox: boolean;
}

/**
 * A streamed AI text (AI 创作, AI 文案, AI 选词): `run` posts the call and appends each piece to
 * `text` as it arrives; `stop` aborts it (the server stops the model); leaving the page stops it too.
 * A refusal or a model that stopped part-way goes to `onFailure` (the client's response handler has
 * already shown its message; 810 is the caller's to hand to the upgrade dialogs).
 */
export function useAiStream<Start extends AiStreamStart>(
  initial: { text?: string; start?: Start | null; status?: AiStreamStatus } = {},
) {
  const [text, setText] = useState(initial.text ?? '');
  const [start, setStart] = useState<Start | null>(initial.start ?? null);
  const [status, setStatus] = useState<AiStreamStatus>(initial.status ?? 'idle');
  const stopper = useRef<AbortController | null>(null);
  useEffect(() => () => stopper.current?.abort(), []);

  const run = useCallback(async (path: string, body: unknown, onFailure: (error: unknown) => void) => {
    stopper.current?.abort();
    const controller = new AbortController();
    stopper.current = controller;
    setStatus('streaming');
    setText('');
    let received = false;
    try {
      await requestStream(path, { method: 'POST', body, signal: controller.signal }, ({ event, data }) => {
        if (event === AiStreamEvent.start) setStart(data as Start);
        else if (event === AiStreamEvent.delta) {
          received = true;
          setText((current) => current + (data as { text: string }).text);
        }
      });
      setStatus(controller.signal.aborted ? 'stopped' : 'done');
    } catch (error) {
      if (controller.signal.aborted) {
        setStatus('stopped');
        return;
      }
      onFailure(error);
      setStatus(received ? 'done' : 'idle');
    } finally {
      if (stopper.current === controller) stopper.current = null;
    }
  }, []);
  const stop = useCallback(() => stopper.current?.abort(), []);

  return { text, setText, start, setStart, status, run, stop };
}
