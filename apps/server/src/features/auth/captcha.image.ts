import { randomInt } from 'node:crypto';
import { CAPTCHA_SIZE } from '@dso/contract';
import { PNG } from 'pngjs';

type Rgb = [number, number, number];

const { width: WIDTH, height: HEIGHT, piece: PIECE } = CAPTCHA_SIZE;
/** The piece: a 40×40 body with a round tab on top and one on the right, inside a 50×50 box. */
const BODY = { left: 0, top: 10, size: 40 };
const TAB_RADIUS = 8;
const TABS = [
  { cx: 20, cy: 10 },
  { cx: 40, cy: 30 },
];

/** Whether a point of the piece box belongs to the piece. */
export function isInsidePiece(dx: number, dy: number): boolean {
  const inBody = dx >= BODY.left && dx < BODY.left + BODY.size && dy >= BODY.top && dy < BODY.top + BODY.size;
  return inBody || TABS.some((tab) => (dx - tab.cx) ** 2 + (dy - tab.cy) ** 2 <= TAB_RADIUS ** 2);
}

/** Inside the piece but next to its outside: where the outline is drawn. */
function isPieceEdge(dx: number, dy: number): boolean {
  if (!isInsidePiece(dx, dy)) return false;
  return [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ].some(([ox, oy]) => !isInsidePiece(dx + ox!, dy + oy!));
}

/** Where a new puzzle puts its notch: clear of the start, so a lazy drag of zero never lands. */
export function randomNotchPosition(): { x: number; y: number } {
  return { x: randomInt(PIECE + 10, WIDTH - PIECE - 10 + 1), y: randomInt(5, HEIGHT - PIECE - 5 + 1) };
}

export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
}

/**
 * Draws a fresh background (gradient, random shapes, noise), cuts the notch at (x, y) and lifts the
 * matching piece. Every puzzle is drawn anew so no image can be looked up from an earlier answer.
 */
export function drawPuzzle(notch: { x: number; y: number }): PuzzleImages {
  const scene = new PNG({ width: WIDTH, height: HEIGHT });
  paintGradient(scene);
  for (let count = randomInt(10, 16); count > 0; count--) paintRandomShape(scene);
  addNoise(scene, 10);
  const piece = liftPiece(scene, notch);
  cutNotch(scene, notch);
  return { background: encode(scene), piece: encode(piece) };
}

function paintGradient(png: PNG) {
  const from = randomColor(0.55, 0.55);
  const to = randomColor(0.5, 0.35);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      setPixel(png, x, y, from, 255);
      blendPixel(png, x, y, to, (x / png.width + y / png.height) / 2);
    }
  }
}

function paintRandomShape(png: PNG) {
  const color = randomColor(0.6, randomInt(30, 75) / 100);
  const alpha = randomInt(25, 65) / 100;
  const cx = randomInt(0, png.width);
  const cy = randomInt(0, png.height);
  const size = randomInt(12, 60);
  const kind = randomInt(0, 3);
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

/** Grain that defeats exact-colour matching; Math.random suffices, the notch position is what is secret. */
function addNoise(png: PNG, amplitude: number) {
  for (let index = 0; index < png.data.length; index += 4) {
    const shift = Math.round((Math.random() * 2 - 1) * amplitude);
    for (let channel = 0; channel < 3; channel++) {
      png.data[index + channel] = clamp(png.data[index + channel]! + shift);
    }
  }
}

function liftPiece(scene: PNG, notch: { x: number; y: number }): PNG {
  const piece = new PNG({ width: PIECE, height: PIECE });
  for (let dy = 0; dy < PIECE; dy++) {
    for (let dx = 0; dx < PIECE; dx++) {
      if (!isInsidePiece(dx, dy)) {
        setPixel(piece, dx, dy, [0, 0, 0], 0);
        continue;
      }
      const color = getPixel(scene, notch.x + dx, notch.y + dy);
      setPixel(piece, dx, dy, isPieceEdge(dx, dy) ? mix(color, [255, 255, 255], 0.7) : color, 255);
    }
  }
  return piece;
}

function cutNotch(scene: PNG, notch: { x: number; y: number }) {
  for (let dy = 0; dy < PIECE; dy++) {
    for (let dx = 0; dx < PIECE; dx++) {
      if (!isInsidePiece(dx, dy)) continue;
      const x = notch.x + dx;
      const y = notch.y + dy;
      const color = getPixel(scene, x, y);
      const shaded = isPieceEdge(dx, dy) ? mix(color, [255, 255, 255], 0.5) : mix(color, [0, 0, 0], 0.55);
      setPixel(scene, x, y, shaded, 255);
    }
  }
}

/** The Sub filter alone: a fifth of the adaptive filter's time for a few percent more bytes. */
function encode(png: PNG): Buffer {
  return PNG.sync.write(png, { filterType: 1 });
}

function randomColor(saturation: number, lightness: number): Rgb {
  return hslToRgb(randomInt(0, 360), saturation, lightness);
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
