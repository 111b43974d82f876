import type { ReactNode } from 'react';

/** A line of an account card (账号信息, 账号绑定): icon, label, the value, and what can be done about it. */
export function SettingRow({
  icon,
  label,
  value,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="setting-row">
      <span className="setting-row__icon">{icon}</span>
      <span className="setting-row__label">{label}</span>
      <span className="setting-row__value">{value}</span>
      {action && <span className="setting-row__action">{action}</span>}
    </div>
  );
}
