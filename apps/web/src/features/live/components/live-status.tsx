/** 直播中 (pulsing) or 已结束: whether a session has an end time. */
export function LiveStatus({ endTime }: { endTime: number | null }) {
  const live = endTime === null;
  return (
    <span className={`lv-status ${live ? 'lv-status--live' : 'lv-status--ended'}`} data-testid="live-status">
      {live && <span className="lv-status__dot" aria-hidden="true" />}
      {live ? '直播中' : '已结束'}
    </span>
  );
}
