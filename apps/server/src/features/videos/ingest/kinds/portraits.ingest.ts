import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import type { PortraitShare } from '../../../../db/schema/videos';
import { json, lastOfEach } from '../ingest-batch';

/* Audience portraits of videos and creators, one row per subject. */

export interface PortraitIngest {
  subjectType: 'video' | 'creator';
  subjectId: number;
  gender: string | null;
  age: string | null;
  province: string | null;
  city: string | null;
  cityLevel: string | null;
  device: string | null;
  atv: string | null;
  consume: string | null;
  liveness: string | null;
  category: string | null;
  area: string | null;
  genderMore: PortraitShare[];
  ageMore: PortraitShare[];
  provinceMore: PortraitShare[];
  cityMore: PortraitShare[];
  cityLevelMore: PortraitShare[];
  deviceMore: PortraitShare[];
  interestMore: PortraitShare[];
  asOf: string;
  isDemo: boolean;
}

/** A portrait's leading labels under their column (and wire) names. */
export function portraitLabelColumns(row: Omit<PortraitIngest, 'subjectType' | 'subjectId' | 'asOf' | 'isDemo'>) {
  return {
    age: row.age,
    area: row.area,
    atv: row.atv,
    category: row.category,
    city: row.city,
    city_level: row.cityLevel,
    consume: row.consume,
    device: row.device,
    gender: row.gender,
    liveness: row.liveness,
    province: row.province,
  };
}

/** Upserts audience portraits by subject. */
export async function upsertPortraits(db: Database, input: readonly PortraitIngest[]) {
  const rows = lastOfEach(input, (row) => `${row.subjectType}/${row.subjectId}`);
  if (rows.length === 0) return;
  const payload = rows.map((row) => ({
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    ...portraitLabelColumns(row),
    gender_more: row.genderMore,
    age_more: row.ageMore,
    province_more: row.provinceMore,
    city_more: row.cityMore,
    city_level_more: row.cityLevelMore,
    device_more: row.deviceMore,
    interest_more: row.interestMore,
    as_of: row.asOf,
    is_demo: row.isDemo,
  }));
  await db.execute(sql`
    INSERT INTO audience_portraits (subject_type, subject_id, age, area, atv, category, city, city_level, consume, device,
      gender, liveness, province, gender_more, age_more, province_more, city_more, city_level_more, device_more,
      interest_more, as_of, is_demo)
    SELECT * FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(subject_type text, subject_id bigint, age text,
      area text, atv text, category text, city text, city_level text, consume text, device text, gender text,
      liveness text, province text, gender_more jsonb, age_more jsonb, province_more jsonb, city_more jsonb,
      city_level_more jsonb, device_more jsonb, interest_more jsonb, as_of date, is_demo boolean)
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET age = excluded.age, area = excluded.area, atv = excluded.atv,
      category = excluded.category, city = excluded.city, city_level = excluded.city_level, consume = excluded.consume,
      device = excluded.device, gender = excluded.gender, liveness = excluded.liveness, province = excluded.province,
      gender_more = excluded.gender_more, age_more = excluded.age_more, province_more = excluded.province_more,
      city_more = excluded.city_more, city_level_more = excluded.city_level_more, device_more = excluded.device_more,
      interest_more = excluded.interest_more, as_of = excluded.as_of, is_demo = excluded.is_demo
  `);
}

/** The stored portraits of subjects of one type, by subject id. */
export async function selectPortraits(db: Database, subjectType: 'video' | 'creator', subjectIds: readonly number[]) {
  if (subjectIds.length === 0) return new Map<number, PortraitIngest>();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT subject_id, age, area, atv, category, city, city_level, consume, device, gender, liveness, province,
          gender_more, age_more, province_more, city_more, city_level_more, device_more, interest_more,
          to_char(as_of, 'YYYY-MM-DD') AS as_of, is_demo
        FROM audience_portraits
        WHERE subject_type = ${subjectType} AND subject_id = ANY(${sql.param([...subjectIds])}::bigint[])`,
  );
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const shares = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as PortraitShare[];
  return new Map(
    rows.map((row) => [
      Number(row.subject_id),
      {
        subjectType,
        subjectId: Number(row.subject_id),
        age: text(row.age),
        area: text(row.area),
        atv: text(row.atv),
        category: text(row.category),
        city: text(row.city),
        cityLevel: text(row.city_level),
        consume: text(row.consume),
        device: text(row.device),
        gender: text(row.gender),
        liveness: text(row.liveness),
        province: text(row.province),
        genderMore: shares(row.gender_more),
        ageMore: shares(row.age_more),
        provinceMore: shares(row.province_more),
        cityMore: shares(row.city_more),
        cityLevelMore: shares(row.city_level_more),
        deviceMore: shares(row.device_more),
        interestMore: shares(row.interest_more),
        asOf: String(row.as_of),
        isDemo: Boolean(row.is_demo),
      } satisfies PortraitIngest,
    ]),
  );
}
