import { type LoaderFunctionArgs, redirect } from 'react-router';
import { SessionKey, writeSession } from '../lib/storage';
import { useDialogs } from '../stores/dialogs';
import { useSession } from '../stores/session';
import type { RouteMeta } from './route-table';

/** The path of the page currently shown, kept by the after-navigation hook. */
let currentPath: string | null = null;
/** Set while the guard sends the user back, so that navigation does not overwrite the stored paths. */
let returningFromGuard = false;

export function setCurrentPath(path: string) {
  currentPath = path;
}

function targetOf(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The route guard (000 §4). A login route without a token stores the target and previous paths, opens
 * the login dialog and stays where the user was (the root on a first visit). Open routes record the
 * same paths so the user returns there after login or logout.
 */
export function guardLoader(meta: RouteMeta) {
  return ({ request }: LoaderFunctionArgs) => {
    if (returningFromGuard) {
      returningFromGuard = false;
      return null;
    }
    const target = targetOf(request);
    const previous = currentPath;
    writeSession(SessionKey.logOutPath, target);
    writeSession(SessionKey.previousPath, previous);
    if (!meta.needLogin || useSession.getState().token) return null;
    useDialogs.getState().openDialog('login');
    returningFromGuard = true;
    if (!previous || new URL(previous, window.location.origin).pathname === '/') return redirect('/');
    return redirect(previous);
  };
}
