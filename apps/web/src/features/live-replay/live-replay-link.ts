/** The replay pages' addresses and the room id a pasted live link points at. */

export const LiveReplayRoute = {
  start: '/AiLiveReplay',
  history: '/AiLiveReplayHistory',
} as const;

/** `/liveReplay/{liveId}`: one replay's page; `liveId` is the replay's id. */
export const replayPath = (id: number) => `/liveReplay/${id}`;

/**
 * The room id in what a user pastes: a bare room id, a `/livegoods/detail/{id}` address or a
 * `/live_studio?lid={id}` address of this product; null for anything else.
 */
export function roomIdOf(text: string): string | null {
  const value = text.trim();
  if (/^[0-9A-Za-z_-]{1,128}$/.test(value)) return value;
  const match = /\/livegoods\/detail\/([0-9A-Za-z_-]{1,128})|[?&]lid=([0-9A-Za-z_-]{1,128})/.exec(value);
  return match ? (match[1] ?? match[2])! : null;
}
