import { type Grade, gradeNames, type TierGrade } from '@dso/domain';
import { useSession } from '../../../stores/session';
import { comparisonRows, formatTierValue, ladderTiers, tierValue } from '../tier-values';
import './tier-comparison.css';

/**
 * What each tier gets, read from the permission tree the server sends (`roles`), with the offered
 * tier's column highlighted. Nothing is shown before the tree has loaded.
 */
export function TierComparison({ highlight }: { highlight: Grade }) {
  const roles = useSession((state) => state.roles);
  const rows = comparisonRows.filter((row) => roles.some((node) => node.alias === row.alias));
  if (rows.length === 0) return null;
  const tiers: TierGrade[] = ladderTiers;
  return (
    <table className="dso-tier-table">
      <thead>
        <tr>
          <th scope="col">权益</th>
          {tiers.map((tier) => (
            <th key={tier} scope="col" className={tier === highlight ? 'is-highlight' : undefined}>
              {gradeNames[tier]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.alias}>
            <th scope="row">{row.label}</th>
            {tiers.map((tier) => (
              <td key={tier} className={tier === highlight ? 'is-highlight' : undefined}>
                {formatTierValue(tierValue(roles, row.alias, tier), row.unit)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
