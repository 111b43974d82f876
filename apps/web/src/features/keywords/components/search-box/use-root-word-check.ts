import type { RootWord } from '@dso/contract';
import { useState } from 'react';
import { fetchRootWords } from '../../api/root-words';
import type { PlatformKey } from '../../keyword-libraries';
import { searchBoxRules } from './search-box-rules';

/**
 * The root-word check before a long single search (000 §2.6): asks the server for the keyword's root
 * words and opens the dialog when there are any besides the keyword itself. TSO's words are not
 * Chinese, so it has none; a failed call lets the search go ahead.
 */
export function useRootWordCheck(platform: PlatformKey) {
  const [checking, setChecking] = useState(false);
  const [dialog, setDialog] = useState<{ keyword: string; roots: RootWord[] } | null>(null);

  /** True when the dialog opened instead of the search. */
  const offerRoots = async (keyword: string): Promise<boolean> => {
    if (platform === 'TSO' || Array.from(keyword).length < searchBoxRules.rootWordMinLength) return false;
    setChecking(true);
    const roots = await fetchRootWords(platform, keyword).catch(() => [] as RootWord[]);
    setChecking(false);
    const useful = roots.filter((root) => root.word !== keyword);
    if (useful.length === 0) return false;
    setDialog({ keyword, roots: useful });
    return true;
  };

  return { checking, dialog, offerRoots, closeDialog: () => setDialog(null) };
}
