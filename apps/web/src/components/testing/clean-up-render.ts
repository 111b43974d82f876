import { cleanup } from '@testing-library/react';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';

const initialDialogs = useDialogs.getState();

/**
 * Undoes what a rendering test leaves behind: unmounts the tree (Vitest runs without globals, so Testing
 * Library cannot register its own cleanup), closes every dialog and signs the viewer out. The render
 * helpers run it after each test.
 */
export function cleanUpRender() {
  cleanup();
  useDialogs.setState({ open: initialDialogs.open, payload: {} });
  useSession.setState({ token: null, userInfo: null });
}
