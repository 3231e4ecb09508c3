import { Flex, Radio, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { formatAmount, isUnlimited } from './money.ts';

export interface TimeOption {
  id: string;
  months: number;
  amount: number;
  selected: boolean;
  tag: { content: string; color: string } | null;
}

export function monthsLabel(months: number, t: TFunction): string {
  return months === 1 ? t('payment.oneMonth') : t('payment.months', { count: months });
}

/** A count as the server sends it (number or its text): -1 reads "unlimited". */
export function countLabel(value: number | string, t: TFunction): string {
  const n = Number(value);
  return isUnlimited(n) ? t('plan.unlimited') : String(value);
}

/** "used / limit" with -1 as "unlimited"; the server writes it '3/100' or '3/-1'. */
export function usageLabel(used: number | string, limit: number | string, t: TFunction): string {
  return `${used} / ${countLabel(limit, t)}`;
}

/** How long to buy for: one button per option with its total. */
export function TimeOptions({ options, symbol, disabled, onChange }: { options: TimeOption[]; symbol: string; disabled?: boolean; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const value = options.find((option) => option.selected)?.id;
  return (
    <Flex vertical gap={6}>
      <Typography.Text strong>{t('payment.duration')}</Typography.Text>
      <Radio.Group value={value} disabled={disabled} onChange={(event) => onChange(String(event.target.value))} optionType="button" style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {options.map((option) => (
          // The test id goes on the label's content: on Radio.Button it would land on the hidden input.
          <Radio.Button key={option.id} value={option.id} style={{ height: 'auto', lineHeight: 1.4, padding: '6px 14px', borderRadius: 6 }}>
            <Flex vertical align="center" data-testid={`payment-time-${option.months}`} data-selected={option.selected}>
              <span>
                {monthsLabel(option.months, t)}
                {option.tag ? (
                  <Tag color={option.tag.color} style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
                    {t(option.tag.content)}
                  </Tag>
                ) : null}
              </span>
              <Typography.Text strong>{formatAmount(option.amount, symbol, language.tag)}</Typography.Text>
            </Flex>
          </Radio.Button>
        ))}
      </Radio.Group>
    </Flex>
  );
}
