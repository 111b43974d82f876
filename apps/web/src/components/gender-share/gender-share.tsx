import { genderShare } from '@dso/domain';
import { NoData } from '../no-data/no-data';
import '../components.css';

/** A gender as the portrait data names it: Chinese or English (000 §3 "Gender-share input"). */
export type GenderName = '女' | '男' | 'female' | 'male';

/** One item of the gender distribution (`gender_more`, 002 §3): a name and a ratio 0-1. */
export interface GenderShareItem {
  name: GenderName | (string & {});
  value: number | null | undefined;
}

export interface GenderShareProps {
  items: readonly GenderShareItem[] | null | undefined;
  className?: string;
}

type Gender = 'female' | 'male';

const genderLabels: Record<Gender, string> = { female: '女性', male: '男性' };

function toGender(name: string): Gender | null {
  const key = name.trim().toLowerCase();
  if (key === '女' || key === 'female' || key === '女性') return 'female';
  if (key === '男' || key === 'male' || key === '男性') return 'male';
  return null;
}

/** A person figure: a skirt for female, trousers for male. */
function FigurePath({ gender }: { gender: Gender }) {
  return (
    <>
      <circle cx="8" cy="3.6" r="3" />
      {gender === 'female' ? (
        <path d="M5.4 7.6h5.2a1.6 1.6 0 0 1 1.5 1.1l2.4 6.9h-3.1V22H6.6v-6.4H3.5l2.4-6.9a1.6 1.6 0 0 1 1.5-1.1z" />
      ) : (
        <path d="M5 7.6h6a1.8 1.8 0 0 1 1.8 1.8v5.5h-2V22H6.2v-7.1h-2V9.4A1.8 1.8 0 0 1 5 7.6z" />
      )}
    </>
  );
}

function GenderIcon({ gender, half }: { gender: Gender; half: boolean }) {
  return (
    <span
      className={`dso-gender-icon dso-gender-icon--${gender}`}
      data-icon={half ? 'half' : 'full'}
      aria-hidden="true"
    >
      {half && (
        <svg viewBox="0 0 16 22" fill="currentColor" className="dso-gender-icon__track" aria-hidden="true">
          <FigurePath gender={gender} />
        </svg>
      )}
      <svg
        viewBox="0 0 16 22"
        fill="currentColor"
        aria-hidden="true"
        style={half ? { clipPath: 'inset(0 50% 0 0)' } : undefined}
      >
        <FigurePath gender={gender} />
      </svg>
    </span>
  );
}

/**
 * The gender-share widget (000 §2.7, §9): per gender the ratio as a percent with 2 decimals, one
 * figure per full 20 % and a half figure for the rest (domain `genderShare`). Items with an
 * unknown name are skipped; an empty list shows 暂无数据.
 */
export function GenderShare({ items, className }: GenderShareProps) {
  const rows = (items ?? []).flatMap((item) => {
    const gender = toGender(item.name);
    return gender ? [{ gender, share: genderShare(item.value) }] : [];
  });
  if (rows.length === 0) return <NoData size="small" className={className} />;
  return (
    <div className={['dso-gender-share', className].filter(Boolean).join(' ')}>
      {rows.map(({ gender, share }) => (
        <div key={gender} className="dso-gender-share__row" data-gender={gender}>
          <span className="dso-gender-share__label">{genderLabels[gender]}</span>
          <span
            className="dso-gender-share__icons"
            role="img"
            aria-label={`${genderLabels[gender]}占比${share.percent}%`}
          >
            {Array.from({ length: share.full }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the figures never reorder.
              <GenderIcon key={index} gender={gender} half={false} />
            ))}
            {share.half && <GenderIcon gender={gender} half />}
          </span>
          <span className="dso-gender-share__percent">{share.percent}%</span>
        </div>
      ))}
    </div>
  );
}
