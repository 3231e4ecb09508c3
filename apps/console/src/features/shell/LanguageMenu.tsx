import { languages } from '@facet/contracts';
import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { usePreferences } from '../../app/Preferences.tsx';

/** The list of the ten languages under the picker's button, open when it first shows. */
export default function LanguageMenu({ children }: { children: ReactElement }) {
  const { language, setLanguage } = usePreferences();
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language.tag],
        items: languages.map((l) => ({ key: l.tag, label: <span data-testid={`language-${l.tag}`}>{l.name}</span> })),
        onClick: ({ key }) => {
          setOpen(false);
          void setLanguage(languages.find((l) => l.tag === key)!);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
