/** What the sessions part offers the rest of the account: opening, checking and ending a member's sessions. */
export { deleteUserSessions, endAllUserSessions, endLiveSessionsOf, selectUserSessions } from './sessions.repository';
export { closeSession, hashToken, openSession, type SessionLimits, type SessionOrigin } from './sessions.service';
