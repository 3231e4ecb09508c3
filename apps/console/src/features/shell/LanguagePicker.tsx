import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/Preferences.tsx';

// The menu (antd's Dropdown and Menu) loads on the first click: the sign-in page shows this
// button, and the menu would be a twentieth of what that page loads (scripts/checks/consoleBudget.mjs).
const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(loadMenu);

/** All ten languages, each named in itself. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('shell.toolbar.language')}
      data-testid="language-picker"
      onClick={wanted ? undefined : () => setWanted(true)}
      // Fetched as the pointer comes near, so the first click usually finds it loaded.
      onMouseEnter={wanted ? undefined : () => void loadMenu()}
    >
      {language.name}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu>{button}</LanguageMenu>
    </Suspense>
  );
}
