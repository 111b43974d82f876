import { StarFilled } from '@ant-design/icons';
import { competitionLabel, MISSING_VALUE } from '@dso/domain';
import '../components.css';

/** Competition is rated on four stars (000 §9). */
const MAX_STARS = 4;

export interface CompetitionStarsProps {
  /** The keyword's `competition`, 1-4 stars. */
  value: number | null | undefined;
  /** Hides the 小/中/大 label, leaving the stars. */
  hideLabel?: boolean;
  className?: string;
}

/**
 * Competition stars (000 §9, 002 §2 related keywords): four star slots with `value` lit and the
 * label 小 (1-2 stars, smallest), 中 (3, medium) or 大 (4, largest) from the domain glossary.
 * A value that is no star rating shows '--'.
 */
export function CompetitionStars({ value, hideLabel = false, className }: CompetitionStarsProps) {
  const competition = competitionLabel(value);
  if (!competition) return <span className={className}>{MISSING_VALUE}</span>;
  const lit = value as number;
  const classes = ['dso-competition', `dso-competition--${competition.level}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes} role="img" aria-label={`竞争度${competition.label}，${lit}颗星`}>
      <span className="dso-competition__stars" aria-hidden="true">
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <StarFilled
            // biome-ignore lint/suspicious/noArrayIndexKey: the four slots never reorder.
            key={index}
            className={index < lit ? 'dso-competition__star dso-competition__star--on' : 'dso-competition__star'}
            data-star={index < lit ? 'on' : 'off'}
          />
        ))}
      </span>
      {!hideLabel && (
        <span className="dso-competition__label" aria-hidden="true">
          {competition.label}
        </span>
      )}
    </span>
  );
}
