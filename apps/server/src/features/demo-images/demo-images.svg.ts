import { fnv1a } from '../../lib/text-hash';
import { escapeXml, wrapText } from '../../providers/image/sandbox';

/**
 * The demo pictures drawn as SVG: a work's cover (its subject and title on a scene of its category), a
 * creator's avatar (a face or an initial, in varied styles), a good (a product shape) and a live room's
 * cover. Everything is a pure function of the request, so the same URL always gives the same bytes.
 */

export const demoImageKinds = ['cover', 'avatar', 'goods', 'live'] as const;
export type DemoImageKind = (typeof demoImageKinds)[number];

export interface DemoImageRequest {
  kind: DemoImageKind;
  /** The row's own id (aweme id, creator id …): varies colours and layout between pictures of one subject. */
  key: string;
  /** The work's or room's title, the creator's nickname or the good's name. */
  title: string;
  /** What the work is about (the chip over a cover); may be empty. */
  subject: string;
  /** The industry (领域) whose scene is drawn; an unknown one gets a neutral scene. */
  category: string;
  width: number;
}

/** Height over width: covers are 3:4 as short-video covers are, live covers 4:3 as the room tiles show them. */
export const aspectOf: Record<DemoImageKind, number> = { cover: 4 / 3, avatar: 1, goods: 1, live: 3 / 4 };

/** The drawing's own coordinate width; the SVG is scaled to the asked width. */
const BASE = 360;

export const FONT_FAMILIES = "'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', sans-serif";

/** A small deterministic random stream (mulberry32) from a seed. */
function streamOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Motif = (ink: string) => string;

/** Motifs in a 100×100 box: the thing a viewer reads the category from. */
const motifs: Record<string, Motif> = {
  lipstick: (ink) =>
    `<rect x="38" y="46" width="24" height="44" rx="4" fill="${ink}"/><path d="M41 46V24l18-10v32z" fill="${ink}" fill-opacity="0.7"/><rect x="30" y="86" width="40" height="8" rx="3" fill="${ink}" fill-opacity="0.5"/>`,
  bowl: (ink) =>
    `<path d="M10 50h80a40 40 0 0 1-80 0z" fill="${ink}"/><rect x="30" y="86" width="40" height="6" rx="3" fill="${ink}" fill-opacity="0.6"/><path d="M35 40c-6-8 6-12 0-22M50 40c-6-8 6-12 0-22M65 40c-6-8 6-12 0-22" stroke="${ink}" stroke-width="4" fill="none" stroke-linecap="round" stroke-opacity="0.7"/>`,
  shirt: (ink) =>
    `<path d="M35 12l-25 14 10 20 10-6v50h40V40l10 6 10-20-25-14c-2 8-8 12-15 12s-13-4-15-12z" fill="${ink}"/>`,
  bottle: (ink) =>
    `<rect x="40" y="8" width="20" height="10" rx="3" fill="${ink}" fill-opacity="0.6"/><path d="M36 22h28l6 14v52a6 6 0 0 1-6 6H36a6 6 0 0 1-6-6V36z" fill="${ink}"/><rect x="34" y="48" width="32" height="20" rx="3" fill="#ffffff" fill-opacity="0.5"/>`,
  phone: (ink) =>
    `<rect x="28" y="6" width="44" height="88" rx="8" fill="${ink}"/><rect x="33" y="15" width="34" height="64" rx="2" fill="#ffffff" fill-opacity="0.45"/><circle cx="50" cy="86" r="3.5" fill="#ffffff" fill-opacity="0.7"/>`,
  sofa: (ink) =>
    `<rect x="18" y="30" width="64" height="34" rx="8" fill="${ink}" fill-opacity="0.8"/><rect x="6" y="46" width="88" height="28" rx="8" fill="${ink}"/><rect x="14" y="74" width="6" height="12" fill="${ink}"/><rect x="80" y="74" width="6" height="12" fill="${ink}"/>`,
  mountain: (ink) =>
    `<circle cx="72" cy="26" r="12" fill="${ink}" fill-opacity="0.7"/><path d="M2 90l32-52 20 30 12-16 32 38z" fill="${ink}"/>`,
  car: (ink) =>
    `<path d="M8 62l10-22c2-4 6-6 10-6h40c4 0 8 2 10 6l12 22v16H8z" fill="${ink}"/><rect x="28" y="40" width="44" height="14" rx="3" fill="#ffffff" fill-opacity="0.45"/><circle cx="28" cy="80" r="10" fill="${ink}"/><circle cx="72" cy="80" r="10" fill="${ink}"/><circle cx="28" cy="80" r="4" fill="#ffffff" fill-opacity="0.6"/><circle cx="72" cy="80" r="4" fill="#ffffff" fill-opacity="0.6"/>`,
  book: (ink) =>
    `<path d="M50 24C38 14 20 14 8 18v64c12-4 30-4 42 6z" fill="${ink}"/><path d="M50 24c12-10 30-10 42-6v64c-12-4-30-4-42 6z" fill="${ink}" fill-opacity="0.7"/>`,
  heart: (ink) =>
    `<path d="M50 88C20 66 6 50 6 32a20 20 0 0 1 44-8 20 20 0 0 1 44 8c0 18-14 34-44 56z" fill="${ink}"/>`,
  cross: (ink) =>
    `<circle cx="50" cy="50" r="42" fill="${ink}" fill-opacity="0.35"/><path d="M40 18h20v22h22v20H60v22H40V60H18V40h22z" fill="${ink}"/>`,
  dumbbell: (ink) =>
    `<rect x="26" y="45" width="48" height="10" rx="3" fill="${ink}"/><rect x="8" y="28" width="14" height="44" rx="4" fill="${ink}"/><rect x="78" y="28" width="14" height="44" rx="4" fill="${ink}"/><rect x="20" y="34" width="8" height="32" rx="3" fill="${ink}" fill-opacity="0.7"/><rect x="72" y="34" width="8" height="32" rx="3" fill="${ink}" fill-opacity="0.7"/>`,
  paw: (ink) =>
    `<ellipse cx="50" cy="66" rx="22" ry="18" fill="${ink}"/><ellipse cx="22" cy="42" rx="9" ry="12" fill="${ink}"/><ellipse cx="40" cy="24" rx="9" ry="12" fill="${ink}"/><ellipse cx="60" cy="24" rx="9" ry="12" fill="${ink}"/><ellipse cx="78" cy="42" rx="9" ry="12" fill="${ink}"/>`,
  gamepad: (ink) =>
    `<path d="M24 30h52c12 0 20 14 22 30s-6 26-16 18l-12-12H30L18 78C8 86 0 76 2 60s10-30 22-30z" fill="${ink}"/><path d="M22 48h16M30 40v16" stroke="#ffffff" stroke-opacity="0.7" stroke-width="5" stroke-linecap="round"/><circle cx="68" cy="44" r="4" fill="#ffffff" fill-opacity="0.7"/><circle cx="78" cy="54" r="4" fill="#ffffff" fill-opacity="0.7"/>`,
  clapper: (ink) =>
    `<rect x="10" y="40" width="80" height="50" rx="4" fill="${ink}"/><path d="M10 22l76-12 4 18-76 12z" fill="${ink}" fill-opacity="0.75"/><path d="M44 56v22l18-11z" fill="#ffffff" fill-opacity="0.6"/>`,
  chart: (ink) =>
    `<rect x="12" y="60" width="14" height="30" rx="2" fill="${ink}" fill-opacity="0.7"/><rect x="34" y="44" width="14" height="46" rx="2" fill="${ink}" fill-opacity="0.8"/><rect x="56" y="30" width="14" height="60" rx="2" fill="${ink}" fill-opacity="0.9"/><rect x="78" y="14" width="14" height="76" rx="2" fill="${ink}"/><path d="M12 46L40 28l18 8 32-28" stroke="${ink}" stroke-width="4" fill="none"/>`,
  briefcase: (ink) =>
    `<rect x="36" y="16" width="28" height="16" rx="4" fill="none" stroke="${ink}" stroke-width="6"/><rect x="8" y="30" width="84" height="58" rx="8" fill="${ink}"/><rect x="44" y="52" width="12" height="10" rx="2" fill="#ffffff" fill-opacity="0.6"/>`,
  house: (ink) =>
    `<path d="M50 8L4 48h12v44h68V48h12z" fill="${ink}"/><rect x="40" y="62" width="20" height="30" fill="#ffffff" fill-opacity="0.5"/><rect x="24" y="54" width="12" height="12" fill="#ffffff" fill-opacity="0.5"/><rect x="64" y="54" width="12" height="12" fill="#ffffff" fill-opacity="0.5"/>`,
  wheat: (ink) =>
    `<path d="M50 94V20" stroke="${ink}" stroke-width="4"/>${[26, 40, 54, 68]
      .map(
        (y) =>
          `<ellipse cx="40" cy="${y}" rx="6" ry="11" transform="rotate(-30 40 ${y})" fill="${ink}"/><ellipse cx="60" cy="${y}" rx="6" ry="11" transform="rotate(30 60 ${y})" fill="${ink}"/>`,
      )
      .join('')}<ellipse cx="50" cy="14" rx="6" ry="11" fill="${ink}"/>`,
  camera: (ink) =>
    `<path d="M34 20h32l6 10h18a6 6 0 0 1 6 6v48a6 6 0 0 1-6 6H10a6 6 0 0 1-6-6V36a6 6 0 0 1 6-6h18z" fill="${ink}"/><circle cx="50" cy="58" r="18" fill="#ffffff" fill-opacity="0.5"/><circle cx="50" cy="58" r="10" fill="${ink}"/>`,
  spark: (ink) => `<path d="M50 4l12 34 34 12-34 12-12 34-12-34L4 50l34-12z" fill="${ink}"/>`,
};

interface Scene {
  /** Gradient from, gradient to, and the accent the chip and shapes use. */
  colors: [string, string, string];
  motif: keyof typeof motifs;
}

/** One scene per industry of the demo vocabulary (keywords/demo/vocabulary.ts). */
const scenes: Record<string, Scene> = {
  美妆护肤: { colors: ['#f9a8c9', '#c2185b', '#ffe3ee'], motif: 'lipstick' },
  美食餐饮: { colors: ['#ffb74d', '#d84315', '#fff1dc'], motif: 'bowl' },
  服饰穿搭: { colors: ['#b39ddb', '#4527a0', '#ede7f6'], motif: 'shirt' },
  母婴亲子: { colors: ['#ffe082', '#f48fb1', '#fff8e1'], motif: 'bottle' },
  数码家电: { colors: ['#4fc3f7', '#1a237e', '#e1f5fe'], motif: 'phone' },
  家居家装: { colors: ['#bcaaa4', '#5d4037', '#efebe9'], motif: 'sofa' },
  旅游出行: { colors: ['#81d4fa', '#00897b', '#e0f7fa'], motif: 'mountain' },
  汽车出行: { colors: ['#90a4ae', '#263238', '#eceff1'], motif: 'car' },
  教育培训: { colors: ['#aed581', '#2e7d32', '#f1f8e9'], motif: 'book' },
  健康医疗: { colors: ['#80cbc4', '#00695c', '#e0f2f1'], motif: 'cross' },
  运动健身: { colors: ['#ff8a65', '#bf360c', '#fbe9e7'], motif: 'dumbbell' },
  宠物: { colors: ['#ffcc80', '#8d6e63', '#fff3e0'], motif: 'paw' },
  游戏: { colors: ['#7c4dff', '#120a4f', '#ede7f6'], motif: 'gamepad' },
  影视娱乐: { colors: ['#ef5350', '#311b92', '#ffebee'], motif: 'clapper' },
  财经理财: { colors: ['#ffd54f', '#bf8f00', '#fffde7'], motif: 'chart' },
  职场创业: { colors: ['#64b5f6', '#283593', '#e3f2fd'], motif: 'briefcase' },
  房产: { colors: ['#a1887f', '#3e2723', '#efebe9'], motif: 'house' },
  三农: { colors: ['#dce775', '#558b2f', '#f9fbe7'], motif: 'wheat' },
  情感心理: { colors: ['#f48fb1', '#6a1b9a', '#fce4ec'], motif: 'heart' },
  摄影艺术: { colors: ['#4dd0e1', '#37474f', '#e0f7fa'], motif: 'camera' },
};
const neutralScene: Scene = { colors: ['#90caf9', '#3949ab', '#e8eaf6'], motif: 'spark' };

const sceneOf = (category: string) => scenes[category] ?? neutralScene;

function lines(texts: string[], x: number, y: number, size: number, lineHeight: number, attrs: string) {
  return texts
    .map((text, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(text)}</text>`)
    .join('');
}

function svgOf(request: DemoImageRequest, body: string): string {
  const height = Math.round(BASE * aspectOf[request.kind]);
  const outWidth = request.width;
  const outHeight = Math.round(outWidth * aspectOf[request.kind]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${BASE} ${height}" font-family="${FONT_FAMILIES}">${body}</svg>`;
}

/** The three looks a cover takes, picked by its key so neighbouring works of one subject differ. */
type CoverLayout = 'disc' | 'poster' | 'headline';

/**
 * The scene: a top-to-bottom gradient in the category's colours (rows of one colour keep the PNG small;
 * a diagonal one tripled it) and soft circles. A poster is pale, the other looks deep.
 */
function sceneBody(scene: Scene, random: () => number, height: number, pale: boolean) {
  const [light, deep, paleColor] = scene.colors;
  const [from, to] = pale ? [paleColor, light] : random() < 0.5 ? [light, deep] : [deep, light];
  const circles = Array.from({ length: 3 }, () => {
    const r = 40 + random() * 110;
    return `<circle cx="${Math.round(random() * BASE)}" cy="${Math.round(random() * height)}" r="${Math.round(r)}" fill="#ffffff" fill-opacity="${(0.08 + random() * 0.12).toFixed(2)}"/>`;
  }).join('');
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${BASE}" height="${height}" fill="url(#bg)"/>${circles}`;
}

/** The motif at (x, y), `size` wide, tilted; on a pale disc with a white ring when `disc`. */
function motifAt(scene: Scene, x: number, y: number, size: number, tilt: number, disc: boolean) {
  const half = size / 2;
  const ring = disc
    ? `<circle cx="${x + half}" cy="${y + half}" r="${Math.round(half * 1.25)}" fill="${scene.colors[2]}"/><circle cx="${x + half}" cy="${y + half}" r="${Math.round(half * 1.25)}" fill="none" stroke="#ffffff" stroke-width="6" stroke-opacity="0.7"/>`
    : '';
  const inner = disc ? 0.7 : 1;
  const offset = (size * (1 - inner)) / 2;
  return `${ring}<g transform="translate(${x + offset} ${y + offset}) rotate(${tilt} ${(size * inner) / 2} ${(size * inner) / 2}) scale(${(size * inner) / 100})">${motifs[scene.motif]!(scene.colors[1])}</g>`;
}

const shade = (top: number, height: number) =>
  `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.65"/></linearGradient></defs><rect y="${top}" width="${BASE}" height="${height - top}" fill="url(#shade)"/>`;

/**
 * A cover as short-video covers look, in one of three looks: the motif on a disc over the subject in
 * large yellow type and the title in white on a dark fade; a pale poster with the motif large and dark
 * type; or a headline, the subject huge in the middle with a small disc above. A live cover is the first
 * look, 4:3, with the 直播中 badge and no subject line.
 */
function coverBody(request: DemoImageRequest, live: boolean): string {
  const random = streamOf(fnv1a(`${request.kind}:${request.key}`));
  const scene = sceneOf(request.category);
  const height = Math.round(BASE * aspectOf[request.kind]);
  const layouts: CoverLayout[] = ['disc', 'poster', 'headline'];
  const layout = live ? 'disc' : layouts[Math.floor(random() * layouts.length)]!;
  const tilt = Math.round((random() - 0.5) * 16);
  const parts = [sceneBody(scene, random, height, layout === 'poster')];
  const titleSize = 24;
  const title = wrapText(request.title || request.subject, titleSize, BASE - 48, live ? 2 : 3);
  const titleHeight = title.length * titleSize * 1.35;
  const titleLines = (y: number, fill: string) =>
    lines(title, 24, Math.round(y), titleSize, Math.round(titleSize * 1.35), `fill="${fill}" font-weight="bold"`);
  if (layout === 'headline') {
    const size = 64;
    const subject = wrapText(request.subject, size, BASE - 48, 2);
    parts.push(motifAt(scene, BASE - 130, 36, 96, tilt, true));
    const top = Math.round(height * 0.42 - (subject.length * size * 1.15) / 2);
    parts.push(
      `<rect x="24" y="${top - 18}" width="64" height="8" rx="4" fill="#ffe14d"/>`,
      lines(subject, 24, top + size * 0.9, size, Math.round(size * 1.15), 'fill="#ffffff" font-weight="bold"'),
      shade(Math.round(height - titleHeight - 110), height),
      titleLines(height - titleHeight - 4, '#ffffff'),
    );
  } else if (layout === 'poster') {
    const size = 40;
    const subject = wrapText(request.subject, size, BASE - 48, 1);
    parts.push(
      motifAt(scene, Math.round(BASE - 230 + random() * 40), 40, 210, tilt, false),
      `<rect x="0" y="${Math.round(height - titleHeight - 104)}" width="${BASE}" height="${Math.round(titleHeight + 104)}" fill="#ffffff" fill-opacity="0.88"/>`,
      lines(
        subject,
        24,
        Math.round(height - titleHeight - 50),
        size,
        0,
        `fill="${scene.colors[1]}" font-weight="bold"`,
      ),
      titleLines(height - titleHeight - 4, '#222222'),
    );
  } else {
    const motifSize = live ? 96 : 150;
    const motifX = Math.round(BASE / 2 - motifSize / 2 + (random() - 0.5) * 100);
    parts.push(motifAt(scene, motifX, live ? 40 : 78, motifSize, tilt, true));
    const subjectSize = 42;
    const subject = live ? [] : wrapText(request.subject, subjectSize, BASE - 48, 1);
    const top = Math.round(height - titleHeight - subject.length * subjectSize * 1.25 - 28);
    parts.push(
      shade(top - 70, height),
      lines(subject, 24, top + subjectSize, subjectSize, 0, 'fill="#ffe14d" font-weight="bold"'),
      titleLines(top + subject.length * subjectSize * 1.25 + titleSize * 1.1, '#ffffff'),
    );
  }
  if (live) {
    parts.push(
      `<rect x="20" y="20" width="86" height="32" rx="6" fill="#ff2d55"/><circle cx="36" cy="36" r="6" fill="#ffffff"/>`,
      lines(['直播中'], 48, 43, 18, 0, 'fill="#ffffff" font-weight="bold"'),
    );
  }
  return svgOf(request, parts.join(''));
}

const skins = ['#f6d5b8', '#eec1a0', '#d9a27e', '#f3cfb3', '#c98e6a'];
const hairs = ['#2b1d16', '#4a3225', '#1c1c1c', '#7b4a2a', '#a0522d', '#3b2f4a'];

/** An avatar: a face (hair, eyes, smile, sometimes glasses) or the nickname's first character, on a seed-picked background. */
function avatarBody(request: DemoImageRequest): string {
  const random = streamOf(fnv1a(`avatar:${request.key}`));
  const scene = sceneOf(request.category);
  const style = Math.floor(random() * 4);
  const background = random() < 0.5 ? scene.colors[0] : scene.colors[1];
  const parts = [`<rect width="${BASE}" height="${BASE}" fill="${background}"/>`];
  if (style === 0) {
    // An initial mark, as many accounts use their name as their picture.
    const initial = Array.from(request.title.trim())[0] ?? '达';
    parts.push(
      `<circle cx="180" cy="180" r="150" fill="#ffffff" fill-opacity="0.18"/>`,
      `<text x="180" y="238" font-size="170" text-anchor="middle" fill="#ffffff" font-weight="bold">${escapeXml(initial)}</text>`,
    );
    return svgOf(request, parts.join(''));
  }
  if (style === 1) {
    // The field's motif as a logo mark.
    parts.push(
      `<circle cx="180" cy="180" r="140" fill="${scene.colors[2]}"/>`,
      `<g transform="translate(95 95) scale(1.7)">${motifs[scene.motif]!(scene.colors[1])}</g>`,
    );
    return svgOf(request, parts.join(''));
  }
  const skin = skins[Math.floor(random() * skins.length)]!;
  const hair = hairs[Math.floor(random() * hairs.length)]!;
  const longHair = random() < 0.5;
  const shirt = scene.colors[random() < 0.5 ? 2 : 1];
  parts.push(
    `<path d="M60 360c0-80 50-120 120-120s120 40 120 120z" fill="${shirt}"/>`,
    longHair ? `<path d="M92 170c0-70 40-110 88-110s88 40 88 110v120H92z" fill="${hair}"/>` : '',
    `<rect x="158" y="210" width="44" height="50" fill="${skin}"/>`,
    `<ellipse cx="180" cy="160" rx="72" ry="82" fill="${skin}"/>`,
    `<path d="M106 150c0-56 30-86 74-86s74 30 74 86c-20-30-60-40-100-36-20 2-36 14-48 36z" fill="${hair}"/>`,
    `<ellipse cx="152" cy="168" rx="8" ry="10" fill="#2b2b2b"/><ellipse cx="208" cy="168" rx="8" ry="10" fill="#2b2b2b"/>`,
    `<path d="M156 202c14 14 34 14 48 0" stroke="#9c4a3c" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="134" cy="194" rx="12" ry="7" fill="#ff8a80" fill-opacity="0.45"/><ellipse cx="226" cy="194" rx="12" ry="7" fill="#ff8a80" fill-opacity="0.45"/>`,
    style === 3
      ? `<g fill="none" stroke="#222222" stroke-width="5"><circle cx="152" cy="168" r="20"/><circle cx="208" cy="168" r="20"/><path d="M172 168h16"/></g>`
      : '',
  );
  return svgOf(request, parts.join(''));
}

/** A good: a product on a light stage — a box with the category's mark, a bottle or a bag, chosen by its name. */
function goodsBody(request: DemoImageRequest): string {
  const random = streamOf(fnv1a(`goods:${request.key}`));
  const scene = sceneOf(request.category);
  const [light, deep, pale] = scene.colors;
  const shape = /礼盒/.test(request.title)
    ? 'gift'
    : /便携/.test(request.title)
      ? 'bag'
      : /大容量/.test(request.title)
        ? 'bottle'
        : random() < 0.5
          ? 'box'
          : 'bottle';
  const parts = [
    `<rect width="${BASE}" height="${BASE}" fill="${pale}"/>`,
    `<ellipse cx="180" cy="318" rx="120" ry="18" fill="#000000" fill-opacity="0.12"/>`,
  ];
  const mark = (x: number, y: number, size: number, ink: string) =>
    `<g transform="translate(${x} ${y}) scale(${size / 100})">${motifs[scene.motif]!(ink)}</g>`;
  if (shape === 'gift' || shape === 'box') {
    parts.push(
      `<path d="M70 120l110-40 110 40-110 40z" fill="${light}"/>`,
      `<path d="M70 120v170l110 30V160z" fill="${deep}"/>`,
      `<path d="M290 120v170l-110 30V160z" fill="${deep}" fill-opacity="0.8"/>`,
      mark(200, 190, 70, '#ffffff'),
    );
    if (shape === 'gift') {
      parts.push(
        `<path d="M125 100l110 40v170" stroke="#ffd54f" stroke-width="14" fill="none"/>`,
        `<path d="M180 82c-30-40-70-20-50 0zM180 82c30-40 70-20 50 0z" fill="#ffd54f"/>`,
      );
    }
  } else if (shape === 'bottle') {
    parts.push(
      `<rect x="150" y="40" width="60" height="34" rx="6" fill="${deep}"/>`,
      `<path d="M130 84h100l20 40v180a16 16 0 0 1-16 16H126a16 16 0 0 1-16-16V124z" fill="${light}"/>`,
      `<rect x="118" y="170" width="124" height="90" rx="8" fill="#ffffff" fill-opacity="0.85"/>`,
      mark(150, 180, 60, deep),
    );
  } else {
    parts.push(
      `<path d="M140 120c0-50 80-50 80 0" stroke="${deep}" stroke-width="12" fill="none"/>`,
      `<path d="M90 120h180l20 190H70z" fill="${light}"/>`,
      mark(140, 170, 80, deep),
    );
  }
  return svgOf(request, parts.join(''));
}

/** The whole SVG document of a demo picture. */
export function demoImageSvg(request: DemoImageRequest): string {
  switch (request.kind) {
    case 'cover':
      return coverBody(request, false);
    case 'live':
      return coverBody(request, true);
    case 'avatar':
      return avatarBody(request);
    case 'goods':
      return goodsBody(request);
  }
}
