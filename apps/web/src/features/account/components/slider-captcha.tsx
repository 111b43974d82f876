import { CheckOutlined, CloseOutlined, DoubleRightOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CaptchaPuzzle, CaptchaResult } from '@dso/contract';
import { Button, Spin } from 'antd';
import {
  type MouseEvent as ReactMouseEvent,
  type TouchEvent as ReactTouchEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../../lib/api/errors';
import { useMountedRef } from '../../../lib/use-mounted';
import { fetchCaptchaPuzzle, verifyCaptcha } from '../api/captcha-api';

/** A failed drag shows its message in the track this long before the next puzzle loads. */
export const CAPTCHA_RETRY_DELAY_MS = 900;
/** After a success the check mark shows briefly before the dialog hands the pair over. */
export const CAPTCHA_SUCCESS_DELAY_MS = 400;

type DragState = 'idle' | 'dragging' | 'verifying' | 'failed' | 'solved';

interface TrailPoint {
  x: number;
  t: number;
}

/**
 * The slider puzzle (001 §4): the background with its notch and the piece, which follows the handle
 * under it one pixel for one pixel. On release the piece's x and the drag trail go to the server,
 * which alone knows where the notch is. A miss loads a new puzzle.
 */
export function SliderCaptcha({ onSolved }: { onSolved(result: CaptchaResult): void }) {
  const [puzzle, setPuzzle] = useState<CaptchaPuzzle | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [x, setX] = useState(0);
  const [state, setState] = useState<DragState>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const drag = useRef<{ startClientX: number; limit: number } | null>(null);
  const trail = useRef<TrailPoint[]>([]);
  const current = useRef(0);
  const mounted = useMountedRef();

  const maxX = puzzle ? puzzle.width - puzzle.piece_size : 0;

  const load = async () => {
    setPuzzle(null);
    setLoadFailed(false);
    setX(0);
    current.current = 0;
    setState('idle');
    setFailure(null);
    try {
      const next = await fetchCaptchaPuzzle();
      if (mounted.current) setPuzzle(next);
    } catch {
      if (mounted.current) setLoadFailed(true);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first puzzle loads once per mount.
  useEffect(() => {
    void load();
  }, []);

  // The window follows the pointer from the press on, so a fast hand may leave the handle. The
  // listeners are attached in the press itself: waiting for a render could miss the first moves.
  const detach = useRef<(() => void) | null>(null);
  useEffect(() => () => detach.current?.(), []);

  const begin = (clientX: number, withMouse: boolean) => {
    if (!puzzle || state !== 'idle') return;
    const limit = puzzle.width - puzzle.piece_size;
    drag.current = { startClientX: clientX, limit };
    trail.current = [{ x: 0, t: performance.now() }];
    setState('dragging');
    if (!withMouse) return;
    const onMove = (event: MouseEvent) => move(event.clientX);
    const onUp = () => end();
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    detach.current = () => {
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      detach.current = null;
    };
  };

  const move = (clientX: number) => {
    if (!drag.current) return;
    const next = Math.min(Math.max(clientX - drag.current.startClientX, 0), drag.current.limit);
    current.current = next;
    trail.current.push({ x: next, t: performance.now() });
    setX(next);
  };

  const end = () => {
    detach.current?.();
    if (!drag.current || !puzzle) return;
    drag.current = null;
    const released = current.current;
    if (released <= 0) {
      setState('idle');
      return;
    }
    void verify(puzzle, released, trail.current);
  };

  const verify = async (target: CaptchaPuzzle, released: number, points: TrailPoint[]) => {
    setState('verifying');
    try {
      const result = await verifyCaptcha({ id: target.id, x: Math.round(released), trail: points });
      if (!mounted.current) return;
      setState('solved');
      setTimeout(() => mounted.current && onSolved(result), CAPTCHA_SUCCESS_DELAY_MS);
    } catch (error) {
      if (!mounted.current) return;
      setState('failed');
      setFailure(error instanceof ApiError && error.message ? error.message : '验证失败，请重试');
      setTimeout(() => mounted.current && void load(), CAPTCHA_RETRY_DELAY_MS);
    }
  };

  const onMouseDown = (event: ReactMouseEvent) => {
    event.preventDefault();
    begin(event.clientX, true);
  };
  const onTouchStart = (event: ReactTouchEvent) => begin(event.touches[0]?.clientX ?? 0, false);
  const onTouchMove = (event: ReactTouchEvent) => move(event.touches[0]?.clientX ?? 0);

  const width = puzzle?.width ?? 300;
  const height = puzzle?.height ?? 150;
  const piece = puzzle?.piece_size ?? 50;
  const hint =
    state === 'failed'
      ? failure
      : state === 'solved'
        ? '验证成功'
        : state === 'verifying'
          ? '验证中…'
          : '向右拖动滑块完成拼图';

  return (
    <div className={`dso-captcha dso-captcha--${state}`} style={{ width }} data-testid="slider-captcha">
      <div className="dso-captcha__stage" style={{ width, height }}>
        {puzzle ? (
          <>
            <img
              className="dso-captcha__bg"
              src={puzzle.bg}
              alt="验证码背景图"
              width={width}
              height={height}
              draggable={false}
            />
            <img
              className="dso-captcha__piece"
              src={puzzle.piece}
              alt="拼图块"
              width={piece}
              height={piece}
              draggable={false}
              style={{ left: x, top: puzzle.y }}
              data-testid="captcha-piece"
            />
          </>
        ) : (
          <div className="dso-captcha__placeholder">
            {loadFailed ? (
              <Button size="small" onClick={() => void load()}>
                加载失败，点击重试
              </Button>
            ) : (
              <Spin />
            )}
          </div>
        )}
        <Button
          className="dso-captcha__refresh"
          type="text"
          size="small"
          icon={<ReloadOutlined />}
          aria-label="换一张"
          disabled={state === 'verifying' || state === 'dragging'}
          onClick={() => void load()}
        />
      </div>
      <div className="dso-captcha__track" style={{ width }}>
        <div className="dso-captcha__fill" style={{ width: x + piece }} />
        <span className="dso-captcha__hint" aria-live="polite">
          {hint}
        </span>
        <div
          className="dso-captcha__handle"
          role="slider"
          tabIndex={0}
          aria-label="拖动滑块完成拼图"
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          style={{ left: x, width: piece }}
          onMouseDown={onMouseDown}
          onTouchStart={onTouchStart}
          onTouchMove={onTouchMove}
          onTouchEnd={end}
          data-testid="captcha-handle"
        >
          {state === 'solved' ? <CheckOutlined /> : state === 'failed' ? <CloseOutlined /> : <DoubleRightOutlined />}
        </div>
      </div>
    </div>
  );
}
