import { AccountPath, CAPTCHA_SIZE, Code } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { captchas } from '../../../db/schema';
import {
  fromIp,
  humanTrail,
  newPuzzle,
  nextIp,
  puzzleTarget,
  requestCode,
  solveCaptcha,
  useAccountTestApp,
  useMovableClock,
} from '../account.testing';

describe('slider captcha', () => {
  const t = useAccountTestApp();

  const verify = (ip: string, body: unknown) =>
    t.request({ method: 'POST', url: AccountPath.captchaVerify, body, headers: fromIp(ip) });
  const check = (randstr: string, ticket: string) =>
    t.request({ method: 'GET', url: `${AccountPath.sliderCheck}?randstr=${randstr}&ticket=${ticket}` });
  const decode = (dataUrl: string) =>
    PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));

  it('draws a 300×150 background and a 50×50 piece, and keeps the notch position on the server', async () => {
    const ip = nextIp();
    const before = Date.now();
    const puzzle = await newPuzzle(t, ip);
    const after = Date.now();
    const background = decode(puzzle.bg);
    const piece = decode(puzzle.piece);
    expect([background.width, background.height]).toEqual([CAPTCHA_SIZE.width, CAPTCHA_SIZE.height]);
    expect([piece.width, piece.height]).toEqual([CAPTCHA_SIZE.piece, CAPTCHA_SIZE.piece]);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, puzzle.id));
    expect(row!.pieceY).toBe(puzzle.y);
    expect(row!.targetX).toBeGreaterThanOrEqual(CAPTCHA_SIZE.piece);
    expect(row!.targetX).toBeLessThanOrEqual(CAPTCHA_SIZE.width - CAPTCHA_SIZE.piece);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(after + 120_000);
    expect(Object.keys(puzzle)).not.toContain('x');
    // The piece is transparent outside its shape (the corner) and opaque inside it.
    expect(piece.data[3]).toBe(0);
    expect(piece.data[(piece.width * 30 + 20) * 4 + 3]).toBe(255);
  });

  it('draws a different picture for every puzzle', async () => {
    const ip = nextIp();
    const first = await newPuzzle(t, ip);
    const second = await newPuzzle(t, ip);
    expect(first.bg).not.toBe(second.bg);
  });

  it('accepts a human drag released within 5 px and answers randstr and ticket', async () => {
    const ip = nextIp();
    const puzzle = await newPuzzle(t, ip);
    const x = (await puzzleTarget(t, puzzle.id)) + 5;
    const body = (await verify(ip, { id: puzzle.id, x, trail: humanTrail(x) })).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.randstr).toBe(puzzle.id);
    expect(body.data.ticket).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses a release 6 px away from the notch', async () => {
    const ip = nextIp();
    const puzzle = await newPuzzle(t, ip);
    const x = (await puzzleTarget(t, puzzle.id)) - 6;
    const body = (await verify(ip, { id: puzzle.id, x, trail: humanTrail(x) })).json();
    expect(body).toEqual({ code: Code.TOAST, msg: '验证失败，请重试', data: { refresh: false } });
  });

  const robotTrails: Array<[string, (x: number) => Array<{ x: number; t: number }>]> = [
    ['an instant jump', (x) => humanTrail(x).map((point) => ({ ...point, t: 1000 }))],
    ['a drag quicker than 200 ms', (x) => humanTrail(x).map((point, index) => ({ ...point, t: 1000 + index * 9 }))],
    ['too few samples', (x) => humanTrail(x).filter((_, index) => index % 5 === 4)],
    ['one constant speed', (x) => Array.from({ length: 11 }, (_, index) => ({ x: (x * index) / 10, t: index * 50 }))],
    [
      'one constant speed rounded to whole pixels',
      (x) => Array.from({ length: 11 }, (_, index) => ({ x: Math.round((x * index) / 10), t: index * 50 })),
    ],
    [
      'a trail that runs backwards',
      (x) =>
        humanTrail(x)
          .reverse()
          .map((point, index) => ({ ...point, t: index * 40 })),
    ],
    ['time going backwards', (x) => humanTrail(x).map((point, index) => ({ ...point, t: 2000 - index * 40 }))],
    ['a trail ending far from the release', (x) => humanTrail(x - 40)],
  ];

  it.each(robotTrails)('refuses %s even at the right spot', async (_, makeTrail) => {
    const ip = nextIp();
    const puzzle = await newPuzzle(t, ip);
    const x = await puzzleTarget(t, puzzle.id);
    const body = (await verify(ip, { id: puzzle.id, x, trail: makeTrail(x) })).json();
    expect(body.code).toBe(Code.TOAST);
    expect(body.msg).toBe('验证失败，请重试');
  });

  it('allows three tries per puzzle, then asks for a new one even for the right answer', async () => {
    const ip = nextIp();
    const puzzle = await newPuzzle(t, ip);
    const x = await puzzleTarget(t, puzzle.id);
    const wrong = { id: puzzle.id, x: x + 30, trail: humanTrail(x + 30) };
    expect((await verify(ip, wrong)).json().data).toEqual({ refresh: false });
    expect((await verify(ip, wrong)).json().data).toEqual({ refresh: false });
    expect((await verify(ip, wrong)).json().data).toEqual({ refresh: true });
    const right = (await verify(ip, { id: puzzle.id, x, trail: humanTrail(x) })).json();
    expect(right).toEqual({ code: Code.TOAST, msg: '验证已失效，请刷新重试', data: { refresh: true } });
  });

  it('counts concurrent tries so no more than three are ever judged', async () => {
    const ip = nextIp();
    const puzzle = await newPuzzle(t, ip);
    const x = await puzzleTarget(t, puzzle.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => verify(ip, { id: puzzle.id, x: x + 30, trail: humanTrail(x + 30) })),
    );
    expect(answers.filter((answer) => answer.json().msg === '验证失败，请重试')).toHaveLength(3);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, puzzle.id));
    expect(row!.attempts).toBe(3);
  });

  it('refuses a puzzle after its two minutes', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const puzzle = await newPuzzle(t, ip);
    const x = await puzzleTarget(t, puzzle.id);
    clock.advance(121_000);
    const body = (await verify(ip, { id: puzzle.id, x, trail: humanTrail(x) })).json();
    expect(body.msg).toBe('验证已失效，请刷新重试');
  });

  it('refuses an unknown puzzle and a missing trail with Chinese messages', async () => {
    const ip = nextIp();
    expect((await verify(ip, { id: 'nope', x: 100, trail: humanTrail(100) })).json().data).toEqual({ refresh: true });
    const missing = (await verify(ip, { id: 'nope', x: 100 })).json();
    expect(missing).toMatchObject({ code: Code.BAD_REQUEST, msg: '请拖动滑块完成验证' });
  });

  it('checks a pair with slider_c without spending it', async () => {
    const ip = nextIp();
    const { randstr, ticket } = await solveCaptcha(t, ip);
    expect((await check(randstr, ticket)).json()).toEqual({ code: Code.OK, msg: 'success', data: { valid: true } });
    expect((await check(randstr, ticket)).json().code).toBe(Code.OK);
    expect((await check(randstr, 'forged-ticket')).json()).toEqual({
      code: Code.CAPTCHA_REQUIRED,
      msg: '请完成安全验证',
      data: null,
    });
  });

  it('reports a ticket spent by a send as no longer good', async () => {
    const ip = nextIp();
    const captcha = await solveCaptcha(t, ip);
    expect((await requestCode(t, { phone: '13900000001', ip, captcha })).json().code).toBe(Code.OK);
    expect((await check(captcha.randstr, captcha.ticket)).json().code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('lets a ticket go stale five minutes after the solve', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    const { randstr, ticket } = await solveCaptcha(t, ip);
    clock.advance(4 * 60_000);
    expect((await check(randstr, ticket)).json().code).toBe(Code.OK);
    clock.advance(61_000);
    expect((await check(randstr, ticket)).json().code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('draws at most 60 puzzles per address per hour', async () => {
    const clock = useMovableClock();
    const ip = nextIp();
    for (let index = 0; index < 60; index++) {
      const response = await t.request({ method: 'GET', url: AccountPath.captchaNew, headers: fromIp(ip) });
      expect(response.json().code).toBe(Code.OK);
    }
    const refused = await t.request({ method: 'GET', url: AccountPath.captchaNew, headers: fromIp(ip) });
    expect(refused.json()).toEqual({ code: Code.LIMITED, msg: '操作过于频繁，请稍后再试', data: null });
    expect((await newPuzzle(t, nextIp())).id).toBeTruthy();
    clock.advance(3_600_000);
    expect((await newPuzzle(t, ip)).id).toBeTruthy();
  });
});
