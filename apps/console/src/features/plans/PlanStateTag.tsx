import type { PlanStatus } from '@facet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of a plan state, given as the state or as its i18n key ('plan.state.active'). */
export function stateColor(state: string): string {
  const name = state.split('.').pop();
  return name === 'active' ? 'green' : name === 'expired' ? 'red' : 'default';
}

export function PlanStateTag({ state }: { state: PlanStatus['state'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={stateColor(state)} style={{ marginInlineEnd: 0 }} data-testid="plan-state" data-state={state}>
      {t(`plan.state.${state}`)}
    </Tag>
  );
}
