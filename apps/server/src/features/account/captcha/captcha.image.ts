import { randomInt } from 'node:crypto';
import { CAPTCHA_SIZE } from '@dso/contract';
import { PNG } from 'pngjs';

type Rgb = [number, number, number];

const { width: WIDTH, height: HEIGHT, piece: PIECE } = CAPTCHA_SIZE;

/**
 * Where a puzzle's randomness comes from. Layout (positions, shapes, shading) comes from the CSPRNG,
 * because it is what a solver would want to predict; per-pixel grain from Math.random, for speed.
 * Tests pass one seeded generator for all three.
 */
export interface PuzzleRandom {
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A number in [0, 1) for layout choices. */
  unit(): number;
  /** A number in [0, 1) for per-pixel grain. */
  grain(): number;
}

export const secureRandom: PuzzleRandom = {
  int: (min, max) => randomInt(min, max + 1),
  unit: () => randomInt(0, 2 ** 40) / 2 ** 40,
  grain: Math.random,
};

/** The tabs a piece may carry: round knobs centred on the middle of a side of its 34×34 body. */
type Side = 'top' | 'right' | 'bottom' | 'left';
/** A jigsaw shape: the body and two of the four tabs, so there are six shapes to tell apart. */
export type PieceShape = readonly [Side, Side];

export const PIECE_SHAPES: readonly PieceShape[] = [
  ['top', 'right'],
  ['right', 'bottom'],
  ['bottom', 'left'],
  ['left', 'top'],
  ['top', 'bottom'],
  ['left', 'right'],
];

const BODY = { from: 8, to: 42 };
const TAB_RADIUS = 7;
const TAB_CENTRES: Record<Side, { cx: number; cy: number }> = {
  top: { cx: 25, cy: 8 },
  right: { cx: 42, cy: 25 },
  bottom: { cx: 25, cy: 42 },
  left: { cx: 8, cy: 25 },
};

/** Whether a point of the 50×50 piece box belongs to a piece of this shape. */
export function isInsideShape(shape: PieceShape, dx: number, dy: number): boolean {
  const inBody = dx >= BODY.from && dx < BODY.to && dy >= BODY.from && dy < BODY.to;
  return (
    inBody ||
    shape.some((side) => {
      const { cx, cy } = TAB_CENTRES[side];
      return (dx - cx) ** 2 + (dy - cy) ** 2 <= TAB_RADIUS ** 2;
    })
  );
}

/** Inside the shape but next to its outside: where the outline is drawn. */
function isShapeEdge(shape: PieceShape, dx: number, dy: number): boolean {
  if (!isInsideShape(shape, dx, dy)) return false;
  return [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ].some(([ox, oy]) => !isInsideShape(shape, dx + ox!, dy + oy!));
}

/** The range of a notch's left edge: clear of the start, so a lazy drag of zero never lands. */
const NOTCH_X = { min: PIECE + 10, max: WIDTH - PIECE - 10 };
/** Room left between two notches, so each keeps its outline. */
const NOTCH_GAP = 2;

export interface Notch {
  x: number;
  y: number;
  shape: PieceShape;
}

export interface Puzzle {
  /** The notch the piece fits: the server keeps its x. */
  notch: Notch;
  /** The other notches, of other shapes (tests check a person can still tell them apart). */
  decoys: Notch[];
  background: Buffer;
  piece: Buffer;
}

/**
 * Draws a fresh puzzle: a background (gradient, random shapes, grain), the piece lifted from it, its
 * notch, two or three decoy notches of other shapes along the same row, and one or two shadows.
 *
 * The old picture had one notch, the picture at exactly 45 % brightness, so sliding the piece's
 * outline along the row and taking the darkest (or most nearly 45 %) place solved every puzzle. Now
 * every notch, real or decoy, gets its own darkness, a slant of light across it and the same outline,
 * and grain is added after cutting, so brightness alone picks one of several places. A person still
 * matches the piece to the one notch of its shape. Every puzzle is drawn anew so no image can be
 * looked up from an earlier answer.
 */
export function drawPuzzle(random: PuzzleRandom = secureRandom): Puzzle {
  const { notch, decoys } = layOutNotches(random);
  const scene = new PNG({ width: WIDTH, height: HEIGHT });
  paintGradient(scene, random);
  for (let count = random.int(10, 15); count > 0; count--) paintRandomShape(scene, random);
  addNoise(scene, 10, random);
  const piece = liftPiece(scene, notch);
  for (let count = random.int(1, 2); count > 0; count--) paintShadow(scene, notch, random);
  // Seen through the piece's outline a decoy of another shape is a little lighter than the real
  // notch (its tabs are elsewhere); drawing decoys a little darker takes that tell away.
  for (const decoy of decoys) cutNotch(scene, decoy, random, 0.3);
  cutNotch(scene, notch, random, 0.36);
  addNoise(scene, 8, random);
  return { notch, decoys, background: encode(scene), piece: encode(piece) };
}

/**
 * Three or four notches spread over the notch range without overlapping (random gaps between them),
 * one of which, picked at random, is the real one. Decoys sit at nearly the real notch's height: a
 * solver scans the row the piece slides along, so decoys elsewhere would not count.
 */
function layOutNotches(random: PuzzleRandom): { notch: Notch; decoys: Notch[] } {
  const count = 1 + random.int(2, 3);
  const step = PIECE + NOTCH_GAP;
  const slack = NOTCH_X.max - NOTCH_X.min - (count - 1) * step;
  const offsets = Array.from({ length: count }, () => random.int(0, slack)).sort((a, b) => a - b);
  const lefts = offsets.map((offset, index) => NOTCH_X.min + offset + index * step);
  const real = random.int(0, count - 1);
  const shapes = [...PIECE_SHAPES];
  const pickShape = () => shapes.splice(random.int(0, shapes.length - 1), 1)[0]!;
  const notch: Notch = { x: lefts[real]!, y: random.int(5, HEIGHT - PIECE - 5), shape: pickShape() };
  const decoys = lefts
    .filter((_, index) => index !== real)
    .map((x) => ({
      x,
      y: Math.min(HEIGHT - PIECE - 2, Math.max(2, notch.y + random.int(-6, 6))),
      shape: pickShape(),
    }));
  return { notch, decoys };
}

function paintGradient(png: PNG, random: PuzzleRandom) {
  const from = randomColor(random, 0.55, 0.55);
  const to = randomColor(random, 0.5, 0.35);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      setPixel(png, x, y, from, 255);
      blendPixel(png, x, y, to, (x / png.width + y / png.height) / 2);
    }
  }
}

function paintRandomShape(png: PNG, random: PuzzleRandom) {
  const color = randomColor(random, 0.6, random.int(30, 75) / 100);
  const alpha = random.int(25, 65) / 100;
  const cx = random.int(0, png.width - 1);
  const cy = random.int(0, png.height - 1);
  const size = random.int(12, 59);
  const kind = random.int(0, 2);
  const inside =
    kind === 0
      ? (x: number, y: number) => (x - cx) ** 2 + (y - cy) ** 2 <= size ** 2
      : kind === 1
        ? (x: number, y: number) => Math.abs(x - cx) <= size && Math.abs(y - cy) <= size / 2
        : (x: number, y: number) => Math.abs(y - cy - Math.sin((x + cx) / 14) * 10) <= size / 6;
  const reach = kind === 2 ? png.width : size;
  for (let y = Math.max(0, cy - size); y < Math.min(png.height, cy + size + 12); y++) {
    for (let x = Math.max(0, cx - reach); x < Math.min(png.width, cx + reach + 1); x++) {
      if (inside(x, y)) blendPixel(png, x, y, color, alpha);
    }
  }
}

/**
 * A soft dark patch on the row, away from the real notch: a region as dark as a notch but with no
 * outline and no jigsaw shape, which a brightness search takes for a notch and a person ignores.
 */
function paintShadow(png: PNG, notch: { x: number; y: number }, random: PuzzleRandom) {
  const radius = random.int(16, 24);
  const cy = notch.y + PIECE / 2 + random.int(-8, 8);
  const candidates: number[] = [];
  for (let cx = radius; cx < WIDTH - radius; cx++) {
    if (Math.abs(cx - (notch.x + PIECE / 2)) >= PIECE / 2 + radius + 2) candidates.push(cx);
  }
  const cx = candidates[random.int(0, candidates.length - 1)]!;
  const depth = 0.4 + random.unit() * 0.2;
  for (let y = Math.max(0, cy - radius); y < Math.min(png.height, cy + radius + 1); y++) {
    for (let x = Math.max(0, cx - radius); x < Math.min(png.width, cx + radius + 1); x++) {
      const distance = Math.hypot(x - cx, y - cy) / radius;
      if (distance > 1) continue;
      // Full depth in the middle, fading over the outer third so it has no edge to find.
      const share = depth * Math.min(1, (1 - distance) * 3);
      blendPixel(png, x, y, [0, 0, 0], share);
    }
  }
}

/** Grain that defeats exact-colour matching. */
function addNoise(png: PNG, amplitude: number, random: PuzzleRandom) {
  for (let index = 0; index < png.data.length; index += 4) {
    const shift = Math.round((random.grain() * 2 - 1) * amplitude);
    for (let channel = 0; channel < 3; channel++) {
      png.data[index + channel] = clamp(png.data[index + channel]! + shift);
    }
  }
}

function liftPiece(scene: PNG, notch: Notch): PNG {
  const { shape } = notch;
  const piece = new PNG({ width: PIECE, height: PIECE });
  for (let dy = 0; dy < PIECE; dy++) {
    for (let dx = 0; dx < PIECE; dx++) {
      if (!isInsideShape(shape, dx, dy)) {
        setPixel(piece, dx, dy, [0, 0, 0], 0);
        continue;
      }
      const color = getPixel(scene, notch.x + dx, notch.y + dy);
      setPixel(piece, dx, dy, isShapeEdge(shape, dx, dy) ? mix(color, [255, 255, 255], 0.7) : color, 255);
    }
  }
  return piece;
}

/**
 * Darkens a notch: its own depth (`lightest` to 25 points more of the light kept), tilted by a slant
 * of up to ±10 points across it in a random direction, with a light outline like the piece's.
 */
function cutNotch(scene: PNG, at: Notch, random: PuzzleRandom, lightest: number) {
  const { shape } = at;
  const kept = lightest + random.unit() * 0.25;
  const angle = random.unit() * 2 * Math.PI;
  const slant = random.unit() * 0.1;
  const outline = 0.4 + random.unit() * 0.2;
  for (let dy = 0; dy < PIECE; dy++) {
    for (let dx = 0; dx < PIECE; dx++) {
      if (!isInsideShape(shape, dx, dy)) continue;
      const x = at.x + dx;
      const y = at.y + dy;
      const color = getPixel(scene, x, y);
      const across = ((dx - PIECE / 2) * Math.cos(angle) + (dy - PIECE / 2) * Math.sin(angle)) / (PIECE / 2);
      const light = Math.min(1, Math.max(0, kept + slant * across));
      const shaded = isShapeEdge(shape, dx, dy)
        ? mix(color, [255, 255, 255], outline)
        : mix(color, [0, 0, 0], 1 - light);
      setPixel(scene, x, y, shaded, 255);
    }
  }
}

/** The Sub filter alone: a fifth of the adaptive filter's time for a few percent more bytes. */
function encode(png: PNG): Buffer {
  return PNG.sync.write(png, { filterType: 1 });
}

function randomColor(random: PuzzleRandom, saturation: number, lightness: number): Rgb {
  return hslToRgb(random.int(0, 359), saturation, lightness);
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const second = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const base = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = (
    [
      [chroma, second, 0],
      [second, chroma, 0],
      [0, chroma, second],
      [0, second, chroma],
      [second, 0, chroma],
      [chroma, 0, second],
    ] as const
  )[sector]!;
  return [clamp((r + base) * 255), clamp((g + base) * 255), clamp((b + base) * 255)];
}

function mix(from: Rgb, to: Rgb, share: number): Rgb {
  return [0, 1, 2].map((channel) => clamp(from[channel]! + (to[channel]! - from[channel]!) * share)) as Rgb;
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

function getPixel(png: PNG, x: number, y: number): Rgb {
  const index = (png.width * y + x) * 4;
  return [png.data[index]!, png.data[index + 1]!, png.data[index + 2]!];
}

/** Moves a pixel `share` of the way towards `color`, in place (the hot loop: no arrays made). */
function blendPixel(png: PNG, x: number, y: number, color: Rgb, share: number) {
  const index = (png.width * y + x) * 4;
  for (let channel = 0; channel < 3; channel++) {
    const current = png.data[index + channel]!;
    png.data[index + channel] = clamp(current + (color[channel]! - current) * share);
  }
}

function setPixel(png: PNG, x: number, y: number, [r, g, b]: Rgb, alpha: number) {
  const index = (png.width * y + x) * 4;
  png.data[index] = r;
  png.data[index + 1] = g;
  png.data[index + 2] = b;
  png.data[index + 3] = alpha;
}
