import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Result, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useMember } from '../auth/index.ts';
import { countLabel, formatAmount, monthsLabel, storageAmount, type TimeOption, usePlanStatus } from '../plans/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';
import { usePlanOffer } from './mobilePlanQueries.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/**
 * /mobile/package/detail?type=<planId>: one plan's limits, description and time options. With no
 * plan in force the person buys it (pay); with one, this plan renews it or changes to it (pay_new).
 */
export default function MobilePlanDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  const member = useMember();
  const isSub = member.data?.type === 'sub';
  return (
    <MobilePage title={t('mobile.planDetail')} back={mobilePaths.package} testId="mobile-detail">
      {isSub ? <Alert type="info" showIcon title={t('plan.subNotice')} data-testid="mobile-sub-notice" /> : member.data ? <PlanDetail type={type} /> : null}
    </MobilePage>
  );
}

function PlanDetail({ type }: { type: string }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const navigate = useNavigate();
  const offer = usePlanOffer(type, type !== '');
  const status = usePlanStatus();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!offer.data || !status.data) {
    return <QueryStatus error={offer.error ?? status.error} onRetry={() => void Promise.all([offer.refetch(), status.refetch()])} />;
  }
  const tab = offer.data.navigation.find((entry) => entry.id === type && entry.type === 'plan');
  const plan = tab?.plan;
  if (!plan) {
    return <Result status="404" title={t('code.notFound')} extra={<Button onClick={() => void navigate(mobilePaths.package)}>{t('mobile.backToPlans')}</Button>} />;
  }
  const options = offer.data.time;
  const time = chosen ?? options.find((option) => option.selected)?.id ?? options[0]?.id ?? null;
  const current = status.data.plan;
  // No plan in force: buy. A plan in force: this one renews it, any other changes to it.
  const action = current === null ? { kind: 'purchase' as const, label: t('plan.buy') } : current.id === plan.id ? { kind: 'renewal' as const, label: t('plan.renew') } : { kind: 'renewal' as const, label: t('plan.change') };
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex vertical gap={8}>
          <span>
            <Typography.Title level={5} style={{ margin: 0, display: 'inline' }} data-testid="mobile-detail-name">
              {plan.name}
            </Typography.Title>
            {tab.tag ? (
              <Tag color="green" style={{ marginInlineStart: 8 }}>
                {t(tab.tag)}
              </Tag>
            ) : null}
          </span>
          {plan.description ? <Typography.Paragraph style={{ margin: 0 }}>{plan.description}</Typography.Paragraph> : null}
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'profiles', label: t('plan.footer.profiles'), children: countLabel(plan.profiles, t) },
              { key: 'subAccounts', label: t('plan.footer.subAccounts'), children: countLabel(plan.subAccounts, t) },
              { key: 'storage', label: t('plan.footer.storage'), children: <span data-testid="mobile-detail-storage">{storageAmount(plan.storageBytes, t, language.tag)}</span> },
            ]}
          />
        </Flex>
      </Card>
      <Typography.Text strong>{t('payment.duration')}</Typography.Text>
      <TimeCards options={options} symbol={offer.data.symbol} value={time} onChange={setChosen} />
      <Button type="primary" block disabled={time === null} onClick={() => time && void navigate(mobilePaths.pay(action.kind, plan.id, time))} data-testid="mobile-buy" data-kind={action.kind}>
        {action.label}
      </Button>
    </Flex>
  );
}

/** How long to buy for: one large card per option with its total, the chosen one marked. */
function TimeCards({ options, symbol, value, onChange }: { options: TimeOption[]; symbol: string; value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} role="radiogroup" aria-label={t('payment.duration')}>
      {options.map((option) => {
        const selected = option.id === value;
        return (
          <Card
            key={option.id}
            size="small"
            hoverable
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(option.id)}
            style={selected ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}` } : undefined}
            data-testid={`mobile-time-${option.months}`}
            data-selected={selected}
          >
            <Flex align="center" justify="space-between" gap={8} style={{ minHeight: 32 }}>
              <span>
                {selected ? <CheckCircleFilled style={{ color: token.colorPrimary, marginInlineEnd: 8 }} /> : null}
                {monthsLabel(option.months, t)}
                {option.tag ? (
                  <Tag color={option.tag.color} style={{ marginInlineStart: 8 }}>
                    {t(option.tag.content)}
                  </Tag>
                ) : null}
              </span>
              <Typography.Text strong>{formatAmount(option.amount, symbol, language.tag)}</Typography.Text>
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
