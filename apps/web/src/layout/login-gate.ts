import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SessionKey, writeSession } from '../lib/storage';
import { useDialogs } from '../stores/dialogs';
import { isLoggedIn } from '../stores/session';

/**
 * Visitors who start a login-needed action (header search, going to /pay, menu entries marked
 * login-needed) get the login dialog instead (000 §6). The intended path is kept in `logOutPath` so
 * login resumes there (001 §3). Returns true when the caller may go ahead.
 */
export function passLoginGate(intendedPath: string): boolean {
  if (isLoggedIn()) return true;
  writeSession(SessionKey.logOutPath, intendedPath);
  useDialogs.getState().openDialog('login');
  return false;
}

/** Navigates to `path` for a logged-in user; a visitor gets the login dialog and the path is kept. */
export function useGatedNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      if (passLoginGate(path)) void navigate(path);
    },
    [navigate],
  );
}
