import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { fail, mockApi, ok } from '../testing/mock-api';
import { SliderCaptcha } from './slider-captcha';

const puzzle = (id: string) => ({
  id,
  bg: 'data:image/png;base64,AAAA',
  piece: 'data:image/png;base64,BBBB',
  y: 42,
  width: 300,
  height: 150,
  piece_size: 50,
  expires_in: 120,
});

/** Drags the handle from x 100 to x 100 + distance in uneven steps, as a hand would. */
function drag(distance: number) {
  const handle = screen.getByTestId('captcha-handle');
  fireEvent.mouseDown(handle, { clientX: 100 });
  for (const share of [0.2, 0.5, 0.75, 0.9, 1]) fireEvent.mouseMove(window, { clientX: 100 + distance * share });
  fireEvent.mouseUp(window);
}

describe('SliderCaptcha', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('moves the piece with the handle and posts the release x with the drag trail', async () => {
    let issued = 0;
    const { calls } = mockApi({
      '/api/captcha/new': () => ok(puzzle(`p${++issued}`)),
      '/api/captcha/verify': ok({ randstr: 'p1', ticket: 'good-ticket' }, '验证成功'),
    });
    const solved = vi.fn();
    renderWidget(<SliderCaptcha onSolved={solved} />);
    const piece = await screen.findByTestId('captcha-piece');
    expect(piece.style.top).toBe('42px');
    drag(137);
    expect(piece.style.left).toBe('137px');
    await waitFor(() => expect(solved).toHaveBeenCalledWith({ randstr: 'p1', ticket: 'good-ticket' }));
    const verify = calls.find((call) => call.path === '/api/captcha/verify');
    const body = verify?.body as { id: string; x: number; trail: { x: number; t: number }[] };
    expect(body.id).toBe('p1');
    expect(body.x).toBe(137);
    expect(body.trail.map((point) => Math.round(point.x))).toEqual([0, 27, 69, 103, 123, 137]);
    expect(screen.getByText('验证成功')).toBeTruthy();
  });

  it('keeps the piece inside the picture', async () => {
    mockApi({ '/api/captcha/new': ok(puzzle('p1')), '/api/captcha/verify': ok({ randstr: 'p1', ticket: 't' }) });
    renderWidget(<SliderCaptcha onSolved={() => undefined} />);
    const piece = await screen.findByTestId('captcha-piece');
    const handle = screen.getByTestId('captcha-handle');
    fireEvent.mouseDown(handle, { clientX: 10 });
    fireEvent.mouseMove(window, { clientX: 900 });
    expect(piece.style.left).toBe('250px');
    fireEvent.mouseMove(window, { clientX: -50 });
    expect(piece.style.left).toBe('0px');
  });

  it('shows the failure in the track and loads a new puzzle', async () => {
    let issued = 0;
    const { calls } = mockApi({
      '/api/captcha/new': () => ok(puzzle(`p${++issued}`)),
      '/api/captcha/verify': fail(300, '验证失败，请重试', { refresh: false }),
    });
    const solved = vi.fn();
    renderWidget(<SliderCaptcha onSolved={solved} />);
    await screen.findByTestId('captcha-piece');
    drag(80);
    expect(await screen.findByText('验证失败，请重试')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/captcha/new')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('captcha-piece').style.left).toBe('0px'));
    expect(solved).not.toHaveBeenCalled();
  });

  it('does not verify a click without a drag', async () => {
    const { calls } = mockApi({ '/api/captcha/new': ok(puzzle('p1')) });
    renderWidget(<SliderCaptcha onSolved={() => undefined} />);
    await screen.findByTestId('captcha-piece');
    fireEvent.mouseDown(screen.getByTestId('captcha-handle'), { clientX: 100 });
    fireEvent.mouseUp(window);
    expect(calls.map((call) => call.path)).toEqual(['/api/captcha/new']);
  });
});
