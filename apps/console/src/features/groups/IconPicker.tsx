import { limits } from '@facet/contracts';
import { Flex, theme as antdTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupIcon } from './GroupIcon.tsx';

const icons = Array.from({ length: limits.browserIconCount }, (_, i) => i + 1);

/** Picks one of the 23 browser icons; a form control (value / onChange). */
export function IconPicker({ value = 1, onChange }: { value?: number; onChange?: (icon: number) => void }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  return (
    <Flex wrap gap={6} role="radiogroup" data-testid="icon-picker">
      {icons.map((icon) => {
        const selected = icon === value;
        return (
          <button
            key={icon}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={t('groups.iconNumber', { n: icon })}
            data-testid={`icon-option-${icon}`}
            onClick={() => onChange?.(icon)}
            style={{
              padding: 2,
              border: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
              borderRadius: 10,
              background: 'none',
              cursor: 'pointer',
              lineHeight: 0,
            }}
          >
            <GroupIcon icon={icon} size={32} />
          </button>
        );
      })}
    </Flex>
  );
}
