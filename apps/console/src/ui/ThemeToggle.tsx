import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/Preferences.tsx';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = usePreferences();
  const label = theme === 'day' ? t('shell.toolbar.night') : t('shell.toolbar.day');
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} data-testid="theme-toggle" data-theme-now={theme} icon={theme === 'day' ? <MoonOutlined /> : <SunOutlined />} onClick={toggleTheme} />
    </Tooltip>
  );
}
