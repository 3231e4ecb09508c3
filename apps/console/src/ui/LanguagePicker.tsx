import { GlobalOutlined } from '@ant-design/icons';
import { languages } from '@facet/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/Preferences.tsx';

/**
 * All ten languages, each named in itself, in the shell's toolbar. The auth pages, drawn before
 * antd loads, have their own (auth/AuthLanguageSelect.tsx). `compact`: the globe alone, for a
 * phone's toolbar.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language.tag],
        items: languages.map((l) => ({ key: l.tag, label: <span data-testid={`language-${l.tag}`}>{l.name}</span> })),
        onClick: ({ key }) => void setLanguage(languages.find((l) => l.tag === key)!),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('shell.toolbar.language')} data-testid="language-picker">
        {compact ? null : language.name}
      </Button>
    </Dropdown>
  );
}
