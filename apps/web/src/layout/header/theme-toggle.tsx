import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { usePreferences } from '../../stores/preferences';

/** Switches between the dark (default) and light themes; the choice is kept on this device. */
export function ThemeToggle() {
  const theme = usePreferences((state) => state.theme);
  const setTheme = usePreferences((state) => state.setTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? '切换到浅色模式' : '切换到深色模式';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        className="header-icon-button"
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(next)}
        aria-label={label}
        data-testid="theme-toggle"
      />
    </Tooltip>
  );
}
