import { shanghaiDay } from '@dso/domain';
import type { PortraitShare } from '../../../../db/schema/videos';
import {
  findCreatorIdsByUserId,
  findVideosByAwemeId,
  type PortraitIngest,
  selectPortraits,
  upsertPortraits,
} from '../../ingest/video-ingest.repository';
import { type ImportContext, known, missingMessages, withImportLock } from '../import-context';
import { type CheckedVideoRow, finish, rowChecker } from '../row-checker';
import type { RawVideoRow } from '../video-import';

/** The audience dimensions a portrait file fills, by their column word (English or Chinese). */
export const portraitDimensions = ['gender', 'age', 'province', 'city', 'city_level', 'device', 'interest'] as const;
export type PortraitDimension = (typeof portraitDimensions)[number];
const dimensionWords: Record<string, PortraitDimension> = {
  ...Object.fromEntries(portraitDimensions.map((name) => [name, name])),
  性别: 'gender',
  年龄: 'age',
  省份: 'province',
  城市: 'city',
  城市等级: 'city_level',
  城市线级: 'city_level',
  设备: 'device',
  兴趣: 'interest',
};
const subjectWords: Record<string, 'video' | 'creator'> = {
  video: 'video',
  视频: 'video',
  creator: 'creator',
  达人: 'creator',
};

/** One label's share of one dimension of a video's or a creator's audience. */
export interface PortraitShareRecord {
  subjectType: 'video' | 'creator';
  /** The video's aweme id or the creator's user id. */
  subjectId: string;
  dimension: PortraitDimension;
  label: string;
  /** 0–1; 0 removes the label. */
  share: number;
  asOf: string | null;
}

export function checkPortraitRow(raw: RawVideoRow): CheckedVideoRow<PortraitShareRecord> {
  const c = rowChecker(raw);
  const input: PortraitShareRecord = {
    subjectType: c.choice('subject_type', subjectWords, '画像对象应为 video（视频）或 creator（达人）') ?? 'video',
    subjectId: c.string('subject_id', '对象ID', true, 128),
    dimension:
      c.choice('dimension', dimensionWords, '维度应为 gender、age、province、city、city_level、device 或 interest') ??
      'gender',
    label: c.string('label', '标签', true, 50),
    share: c.fraction('share', '占比', true, 0, 1, '占比应为 0–1 的小数或百分数（如 35.2%）') ?? 0,
    asOf: c.day('as_of', '数据日期', false),
  };
  return finish(c.errors, input);
}

/** The portrait's list of each dimension, and the leading label it sets. */
const dimensionFields: Record<
  PortraitDimension,
  {
    list: keyof PortraitIngest & `${string}More`;
    lead: 'gender' | 'age' | 'province' | 'city' | 'cityLevel' | 'device' | null;
  }
> = {
  gender: { list: 'genderMore', lead: 'gender' },
  age: { list: 'ageMore', lead: 'age' },
  province: { list: 'provinceMore', lead: 'province' },
  city: { list: 'cityMore', lead: 'city' },
  city_level: { list: 'cityLevelMore', lead: 'cityLevel' },
  device: { list: 'deviceMore', lead: 'device' },
  interest: { list: 'interestMore', lead: null },
};

const leadOf = (shares: PortraitShare[]) =>
  shares.length ? shares.reduce((best, share) => (share.value > best.value ? share : best)).name : null;

function emptyPortrait(subjectType: 'video' | 'creator', subjectId: number): PortraitIngest {
  return {
    subjectType,
    subjectId,
    gender: null,
    age: null,
    province: null,
    city: null,
    cityLevel: null,
    device: null,
    atv: null,
    consume: null,
    liveness: null,
    category: null,
    area: null,
    genderMore: [],
    ageMore: [],
    provinceMore: [],
    cityMore: [],
    cityLevelMore: [],
    deviceMore: [],
    interestMore: [],
    asOf: '',
    isDemo: false,
  };
}

/**
 * Portrait rows are shares of one label of one dimension of a subject, merged label by label into the
 * subject's portrait: a label's share replaces the stored one, a share of 0 removes the label, the
 * labels a file does not name stay. Each touched dimension's leading label (and `area`, the leading
 * province) is made again from its list. The portrait's day is the latest `as_of` given (the import's
 * day when none).
 */
export const importPortraits = async (context: ImportContext, rows: RawVideoRow[]) => {
  const accepted = context.accept(rows, checkPortraitRow);
  const ofType = (type: 'video' | 'creator') =>
    accepted.filter(({ input }) => input.subjectType === type).map(({ input }) => input.subjectId);
  const [videoIds, creatorIds] = await Promise.all([
    findVideosByAwemeId(context.db, ofType('video')),
    findCreatorIdsByUserId(context.db, ofType('creator')),
  ]);
  const kept = known(
    context,
    accepted,
    (input) => (input.subjectType === 'video' ? videoIds.get(input.subjectId)?.id : creatorIds.get(input.subjectId)),
    'subject_id',
    (input) => (input.subjectType === 'video' ? missingMessages.video : missingMessages.creator),
  );
  if (kept.length === 0) return;
  const today = shanghaiDay(context.now);
  await withImportLock(context.db, 'portraits', async (tx) => {
    const portraits = new Map<string, PortraitIngest>();
    const seen = new Set<string>();
    let inserted = 0;
    for (const type of ['video', 'creator'] as const) {
      const mine = kept.filter(({ input }) => input.subjectType === type);
      const stored = await selectPortraits(
        tx,
        type,
        mine.map(({ found }) => found),
      );
      for (const { input, found } of mine) {
        const key = `${type}/${found}`;
        let portrait = portraits.get(key);
        if (!portrait) {
          // The day is set again from this import's rows: the latest as_of given, or the import's day.
          portrait = { ...(stored.get(found) ?? emptyPortrait(type, found)), asOf: '' };
          portraits.set(key, portrait);
        }
        if (input.asOf && input.asOf > portrait.asOf) portrait.asOf = input.asOf;
        const field = dimensionFields[input.dimension];
        const list = portrait[field.list] as PortraitShare[];
        const labelKey = `${key}/${input.dimension}/${input.label}`;
        const at = list.findIndex((share) => share.name === input.label);
        if (at < 0 && !seen.has(labelKey)) inserted++;
        seen.add(labelKey);
        const next = list.filter((share) => share.name !== input.label);
        if (input.share > 0) next.push({ name: input.label, value: input.share });
        (portrait[field.list] as PortraitShare[]) = next;
        if (field.lead) portrait[field.lead] = leadOf(next);
        if (input.dimension === 'province') portrait.area = portrait.province;
        portrait.isDemo = false;
      }
    }
    for (const portrait of portraits.values()) if (!portrait.asOf) portrait.asOf = today;
    await upsertPortraits(tx, [...portraits.values()]);
    context.written(seen.size, inserted);
  });
};
