import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { languages } from '@facet/contracts';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/Preferences.tsx';
import { SvgIcon } from './SvgIcon.tsx';

/**
 * The ten languages, each named in itself, on the auth pages: the system's own list (a select
 * under a button-like frame) where the shell has antd's menu (shell/LanguagePicker.tsx), since
 * antd is not loaded here yet. Keyboard and screen readers get a native control.
 */
export function AuthLanguageSelect() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <label className="facet-auth-tool facet-auth-language">
      <SvgIcon icon={GlobalOutlined} />
      <select
        aria-label={t('shell.toolbar.language')}
        data-testid="language-picker"
        value={language.tag}
        onChange={(event) => {
          const next = languages.find((l) => l.tag === event.target.value);
          if (next) void setLanguage(next);
        }}
      >
        {languages.map((l) => (
          <option key={l.tag} value={l.tag} data-testid={`language-${l.tag}`}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
