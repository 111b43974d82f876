import { linkDccAccount, loadRoles, loadUserInfo } from '../features/account/session-actions';
import { saveServerTime } from '../lib/api/clock';
import { navigateTo } from '../lib/navigation';
import { isStorageAvailable, readSession, SessionKey, writeSession } from '../lib/storage';
import { useSession } from '../stores/session';
import { fetchServerTime, fetchTiktokUsers, reportSession } from './frame-api';
import { ensureSessionCookie, ensureVisitorId, saveChannelParams } from './visitor';

/** Delays of 000 §4: the visitor cookie after 1 s, channel params and statistics 0.5 s later. */
export const VISITOR_COOKIE_DELAY_MS = 1000;
export const CHANNEL_PARAMS_DELAY_MS = 500;

/** App start (000 §4). Runs once before the first render of the routes. */
export async function startApp() {
  if (!isStorageAvailable()) window.alert('请您打开浏览器的本地存储功能');
  ensureVisitorId();
  await syncServerTime();
  await restoreSession(new URL(window.location.href));
  scheduleVisitorTracking(window.location.search);
  void loadMarketOldDataFlag();
}

async function syncServerTime() {
  try {
    const { time } = await fetchServerTime();
    saveServerTime(time);
  } catch {
    // Without the server time requests sign with the local clock.
  }
}

async function restoreSession(url: URL) {
  const query = url.searchParams;
  const session = useSession.getState();
  if (url.search.includes('dccUserId')) {
    // The sister product hands over its token and uid as the first two query values.
    const [token, uid] = [...query.values()];
    if (token) session.setToken(token, uid ?? null);
    navigateTo('/', { replace: true });
    return;
  }
  const dccToken = query.get('dccToken');
  if (dccToken) {
    writeSession(SessionKey.dccToken, dccToken);
    redirectWithout(url, ['dccToken', 'path'], query.get('path'));
    // Not awaited: the confirm dialog (link this account / register one) waits for the user, while
    // the rest of the start goes on; on OK it spends the token and loads roles and user info.
    void linkDccAccount(dccToken);
    return;
  }
  const aiToken = query.get('aiToken');
  const aiUid = query.get('uid');
  if (aiToken && aiUid) {
    session.setToken(aiToken, aiUid);
    await loadUserInfo().catch(() => undefined);
    redirectWithout(url, ['aiToken', 'uid', 'path'], query.get('path'));
    return;
  }
  if (session.token && url.pathname !== '/pay') {
    await loadRoles().catch(() => undefined);
    await loadUserInfo().catch(() => undefined);
  }
}

/** Replaces the current route without the hand-over parameters, then optionally pushes `path`. */
function redirectWithout(url: URL, names: string[], nextPath: string | null) {
  const clean = new URL(url);
  for (const name of names) clean.searchParams.delete(name);
  navigateTo(`${clean.pathname}${clean.search}${clean.hash}`, { replace: true });
  if (nextPath?.startsWith('/')) navigateTo(nextPath);
}

function scheduleVisitorTracking(search: string) {
  setTimeout(() => {
    const cookieId = ensureSessionCookie();
    setTimeout(() => {
      saveChannelParams(search);
      if (!readSession(SessionKey.sessionReported)) {
        writeSession(SessionKey.sessionReported, '1');
        void reportSession(cookieId).catch(() => undefined);
      }
    }, CHANNEL_PARAMS_DELAY_MS);
  }, VISITOR_COOKIE_DELAY_MS);
}

async function loadMarketOldDataFlag() {
  try {
    const users = await fetchTiktokUsers();
    const first = users[0];
    if (first) useSession.getState().setMarketOldData(!first.example);
  } catch {
    // Non-200: ignored (000 §7).
  }
}
