import { CAPTCHA_SIZE } from '@dso/contract';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { accountLimits } from '../account.limits';
import { drawPuzzle, isInsideShape, type PuzzleRandom } from './captcha.image';

const { width: WIDTH, height: HEIGHT, piece: PIECE } = CAPTCHA_SIZE;
const PUZZLES = 200;

interface Picture {
  width: number;
  height: number;
  data: Buffer;
}

/** A seeded generator (mulberry32), so the figures below are the same on every run. */
function seededRandom(seed: number): PuzzleRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 2 ** 32;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)), unit: next, grain: next };
}

/**
 * The attack that solved every old puzzle. The client is told the piece's y and given the piece, so
 * its opaque pixels are the notch's shape. Slide that shape along the row and compare the brightness
 * inside it (its outline left out) with the brightness just around it: the old notch was the picture
 * at 45 % brightness, so the place whose inside/outside ratio is nearest 0.45 (or simply the lowest)
 * was the answer.
 */
export function attackPuzzle(background: Picture, piece: Picture, y: number, aim: 'nearest-45%' | 'darkest'): number {
  const opaque = (dx: number, dy: number) =>
    dx >= 0 && dy >= 0 && dx < PIECE && dy < PIECE && piece.data[(PIECE * dy + dx) * 4 + 3]! > 0;
  const near = (dx: number, dy: number, reach: number) => {
    for (let oy = -reach; oy <= reach; oy++) {
      for (let ox = -reach; ox <= reach; ox++) if (opaque(dx + ox, dy + oy)) return true;
    }
    return false;
  };
  const inside: Array<[number, number]> = [];
  const around: Array<[number, number]> = [];
  for (let dy = -4; dy < PIECE + 4; dy++) {
    for (let dx = -4; dx < PIECE + 4; dx++) {
      const interior = [-2, 0, 2].every((oy) => [-2, 0, 2].every((ox) => opaque(dx + ox, dy + oy)));
      if (interior) inside.push([dx, dy]);
      else if (!near(dx, dy, 2)) around.push([dx, dy]);
    }
  }
  const light = new Float64Array(background.width * background.height);
  for (let index = 0; index < light.length; index++) {
    const data = background.data;
    light[index] = 0.299 * data[index * 4]! + 0.587 * data[index * 4 + 1]! + 0.114 * data[index * 4 + 2]!;
  }
  const mean = (points: Array<[number, number]>, x: number) => {
    let sum = 0;
    let count = 0;
    for (const [dx, dy] of points) {
      const px = x + dx;
      const py = y + dy;
      if (px < 0 || py < 0 || px >= background.width || py >= background.height) continue;
      sum += light[py * background.width + px]!;
      count++;
    }
    return sum / Math.max(1, count);
  };
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let x = 0; x <= WIDTH - PIECE; x++) {
    const ratio = mean(inside, x) / Math.max(1, mean(around, x));
    const score = aim === 'darkest' ? ratio : Math.abs(ratio - 0.45);
    if (score < bestScore) {
      bestScore = score;
      best = x;
    }
  }
  return best;
}

/** 200 seeded puzzles, each with what the client sees and the answer only the server knows. */
const puzzles = Array.from({ length: PUZZLES }, (_, index) => {
  const images = drawPuzzle(seededRandom(index + 1));
  return {
    notch: images.notch,
    images,
    background: PNG.sync.read(images.background),
    piece: PNG.sync.read(images.piece),
  };
});

function successRate(aim: 'nearest-45%' | 'darkest') {
  const solved = puzzles.filter(({ notch, background, piece }) => {
    const guess = attackPuzzle(background, piece, notch.y, aim);
    return Math.abs(guess - notch.x) <= accountLimits.captcha.tolerancePx;
  });
  return solved.length / PUZZLES;
}

describe('the slider picture against a brightness attack', () => {
  it.each(['nearest-45%', 'darkest'] as const)('is solved by the %s attack in fewer than 2 of 5 puzzles', (aim) => {
    const rate = successRate(aim);
    console.info(`attack ${aim}: ${(rate * 100).toFixed(1)} % of ${PUZZLES} puzzles solved`);
    expect(rate).toBeLessThan(0.4);
  });

  it('cuts two or three decoys on the piece’s row, none of the piece’s shape and none overlapping', () => {
    for (const { notch, images } of puzzles) {
      expect(images.decoys.length).toBeGreaterThanOrEqual(2);
      expect(images.decoys.length).toBeLessThanOrEqual(3);
      const lefts = [notch.x, ...images.decoys.map((decoy) => decoy.x)].sort((a, b) => a - b);
      for (let index = 1; index < lefts.length; index++) {
        expect(lefts[index]! - lefts[index - 1]!).toBeGreaterThanOrEqual(PIECE);
      }
      for (const decoy of images.decoys) {
        expect(decoy.shape).not.toEqual(notch.shape);
        expect(Math.abs(decoy.y - notch.y)).toBeLessThanOrEqual(6);
      }
    }
  });

  it('lifts a piece whose opaque pixels are exactly its shape', () => {
    for (const { images, piece } of puzzles.slice(0, 20)) {
      for (let dy = 0; dy < PIECE; dy++) {
        for (let dx = 0; dx < PIECE; dx++) {
          const opaque = piece.data[(PIECE * dy + dx) * 4 + 3] === 255;
          expect(opaque).toBe(isInsideShape(images.notch.shape, dx, dy));
        }
      }
    }
  });

  it('keeps the picture at 300×150', () => {
    expect([puzzles[0]!.background.width, puzzles[0]!.background.height]).toEqual([WIDTH, HEIGHT]);
  });
});
