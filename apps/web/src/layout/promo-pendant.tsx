import { CloseOutlined, CrownFilled, RightOutlined } from '@ant-design/icons';
import { membershipOffer, shanghaiDay } from '@dso/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAY_PATH } from '../components';
import { LocalKey, readLocal, writeLocal } from '../lib/storage';
import { useSession } from '../stores/session';
import '../features/permissions/upgrade.css';

/** The pendant shows at most this many times per user per day (001 §4, §9). */
export const PROMO_DAILY_LIMIT = 3;
const COUNTER_KEY = 'promoPendantShows';

interface PromoCounter {
  /** The Shanghai day, YYYY-MM-DD: a new day starts the count again. */
  date: string;
  /** Shows per user (uid, or the visitor id) on that date. */
  counts: Record<string, number>;
}

function readCounter(today: string): PromoCounter {
  try {
    const stored = JSON.parse(readLocal(COUNTER_KEY) ?? 'null') as PromoCounter | null;
    if (stored && stored.date === today && typeof stored.counts === 'object') return stored;
  } catch {
    // A broken value counts as none.
  }
  return { date: today, counts: {} };
}

/** The decision per user for this page load, so a re-render or a second mount does not count twice. */
const decidedThisLoad = new Map<string, boolean>();

/**
 * Takes one of today's shows for `user`: true (and counted) while fewer than three were shown today,
 * false after that. The counter lives in local storage and resets when the date changes.
 */
export function takePromoShow(user: string, now = new Date()): boolean {
  const decided = decidedThisLoad.get(user);
  if (decided !== undefined) return decided;
  const allowed = countPromoShow(user, now);
  decidedThisLoad.set(user, allowed);
  return allowed;
}

/** Test hook: a new page load. */
export function forgetPromoDecisions() {
  decidedThisLoad.clear();
}

function countPromoShow(user: string, now: Date): boolean {
  const counter = readCounter(shanghaiDay(now));
  const shown = counter.counts[user] ?? 0;
  if (shown >= PROMO_DAILY_LIMIT) return false;
  counter.counts[user] = shown + 1;
  writeLocal(COUNTER_KEY, JSON.stringify(counter));
  return true;
}

/**
 * The promo pendant (001 §2, §4): a small corner card inviting to the member page, for visitors and
 * members below the top tier (child accounts excepted), at most three times a day per user. No promo feed is served yet, so
 * it carries the member benefits rather than a campaign (no prices).
 */
export function PromoPendant() {
  const uid = useSession((state) => state.uid);
  const token = useSession((state) => state.token);
  const grade = useSession((state) => state.userInfo?.grade);
  const isChild = useSession((state) => state.userInfo?.sub_account ?? false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);
  // A signed-in user's grade is known only once the user info has loaded.
  const known = !token || grade !== undefined;
  // It sells the upgrade: not to top tier (the recharge is theirs) nor to a child, which cannot buy.
  const offer = membershipOffer({ grade, isChild });
  const eligible = known && (!token || offer === 'upgrade' || offer === 'renew') && pathname !== PAY_PATH;
  const user = (token && uid) || readLocal(LocalKey.visitorId) || 'anonymous';

  // One show per page load and user, decided once they are known.
  useEffect(() => {
    if (eligible) setShown(takePromoShow(user));
  }, [eligible, user]);

  if (!shown || !eligible) return null;
  return (
    <aside className="dso-promo-pendant" aria-label="会员推荐" data-testid="promo-pendant">
      <button type="button" className="dso-promo-pendant__close" aria-label="关闭" onClick={() => setShown(false)}>
        <CloseOutlined />
      </button>
      <button
        type="button"
        className="dso-promo-pendant__body"
        title="升级会员，解锁完整榜单与更多次数"
        onClick={() => {
          setShown(false);
          void navigate(PAY_PATH);
        }}
      >
        <CrownFilled className="dso-promo-pendant__crown" aria-hidden />
        <strong>升级会员</strong>
        <span className="round-badge dso-promo-pendant__go">
          <RightOutlined />
        </span>
      </button>
    </aside>
  );
}
