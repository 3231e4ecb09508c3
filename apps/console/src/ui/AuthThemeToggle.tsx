import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/Preferences.tsx';
import { SvgIcon } from './SvgIcon.tsx';

/** Day or night on the auth pages: the shell's ThemeToggle, drawn without antd (AuthLayout.tsx). */
export function AuthThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = usePreferences();
  const label = theme === 'day' ? t('shell.toolbar.night') : t('shell.toolbar.day');
  return (
    <button type="button" className="facet-auth-tool facet-auth-tool-icon" aria-label={label} title={label} data-testid="theme-toggle" data-theme-now={theme} onClick={toggleTheme}>
      <SvgIcon icon={theme === 'day' ? MoonOutlined : SunOutlined} />
    </button>
  );
}
