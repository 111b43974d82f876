import type { PortraitShare } from '../../../db/schema/videos';
import { demoPortrait } from '../../keywords';
import type { PortraitIngest } from '../ingest/video-ingest.repository';
import { industryNames } from './creators';
import { pick, Stream, streamFor } from './random';

/* The demo's audience portraits of works and creators. */

/** An audience portrait: each dimension's leading label and its distributions (the ingest's, before its subject is known). */
export type DemoPortrait = Omit<PortraitIngest, 'subjectType' | 'subjectId' | 'asOf' | 'isDemo'> & {
  atv: string;
  consume: string;
  liveness: string;
  category: string;
};

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** A portrait of a video or creator about `subject` in `industry` (the keyword demo's profiles by industry). */
export function demoAudience(seed: number, subject: string, industry: string, index: number): DemoPortrait {
  const random = streamFor(seed, Stream.Portrait, index);
  const base = demoPortrait(subject, industry, false);
  const top = (shares: PortraitShare[]) =>
    shares.length ? shares.reduce((best, share) => (share.value > best.value ? share : best)).name : null;
  const ios = 0.3 + random() * 0.25;
  const deviceMore = [
    { name: 'iPhone', value: round4(ios) },
    { name: '华为', value: round4((1 - ios) * 0.38) },
    { name: 'OPPO', value: round4((1 - ios) * 0.22) },
    { name: 'vivo', value: round4((1 - ios) * 0.21) },
    { name: '小米', value: round4((1 - ios) * 0.19) },
  ];
  const others = industryNames.filter((name) => name !== industry);
  const interests = [industry];
  while (interests.length < 6) {
    const next = pick(others, random);
    if (!interests.includes(next)) interests.push(next);
  }
  const weights = interests.map((_, rank) => (rank === 0 ? 3 : 1) * (0.6 + random()));
  const total = weights.reduce((sum, value) => sum + value, 0);
  const interestMore = interests.map((name, rank) => ({ name, value: round4(weights[rank]! / total) }));
  return {
    gender: top(base.gender_more),
    age: top(base.age_more),
    province: top(base.province_more),
    city: top(base.city_more),
    cityLevel: top(base.city_level_more),
    device: top(deviceMore),
    atv: pick(['0-50', '50-100', '100-200', '200-500', '500以上'], random),
    consume: pick(['低', '中', '中高', '高'], random),
    liveness: pick(['低', '中', '高'], random),
    category: industry,
    area: top(base.province_more),
    genderMore: base.gender_more,
    ageMore: base.age_more,
    provinceMore: base.province_more,
    cityMore: base.city_more,
    cityLevelMore: base.city_level_more,
    deviceMore,
    interestMore,
  };
}
