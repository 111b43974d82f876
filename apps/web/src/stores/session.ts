import type { GradeCode, PermissionNode, UserInfo } from '@dso/contract';
import { create } from 'zustand';
import { LocalKey, readLocal, SessionKey, writeLocal, writeSession } from '../lib/storage';

const knownGrades: GradeCode[] = ['FREE', 'VIP', 'CVIP', 'SVIP', 'EVIP', 'GVIP'];

interface SessionState {
  token: string | null;
  uid: string | null;
  userInfo: UserInfo | null;
  /** The permission tree (`DccRoles`). */
  roles: PermissionNode[];
  /** Set from the tiktok user info list: the negation of the first item's example flag. */
  marketOldData: boolean;
  setToken(token: string | null, uid?: string | null): void;
  /** Clears the user when empty; otherwise derives the grade and stores the info (002 §4). */
  setUserInfo(info: UserInfo | null): void;
  setRoles(roles: PermissionNode[]): void;
  setMarketOldData(value: boolean): void;
  clearLogin(): void;
}

/** Grade comes from `grade_info_vo.grade_enum`, FREE when absent or unknown. */
export function deriveGrade(info: Pick<UserInfo, 'grade_info_vo'>): GradeCode {
  const value = info.grade_info_vo?.grade_enum as GradeCode | undefined;
  return value && knownGrades.includes(value) ? value : 'FREE';
}

export const useSession = create<SessionState>((set) => ({
  token: readLocal(LocalKey.token),
  uid: readLocal(LocalKey.uid),
  userInfo: null,
  roles: [],
  marketOldData: false,
  setToken(token, uid) {
    writeLocal(LocalKey.token, token);
    if (uid !== undefined) writeLocal(LocalKey.uid, uid);
    set((state) => ({ token, uid: uid === undefined ? state.uid : uid }));
  },
  setUserInfo(info) {
    if (!info) {
      set({ userInfo: null });
      return;
    }
    set({ userInfo: { ...info, grade: deriveGrade(info) } });
  },
  setRoles(roles) {
    set({ roles });
  },
  setMarketOldData(value) {
    set({ marketOldData: value });
  },
  clearLogin() {
    writeLocal(LocalKey.token, null);
    writeLocal(LocalKey.uid, null);
    writeSession(SessionKey.dccToken, null);
    set({ token: null, uid: null, userInfo: null, roles: [] });
  },
}));

export const isLoggedIn = () => Boolean(useSession.getState().token);
