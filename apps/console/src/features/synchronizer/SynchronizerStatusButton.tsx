import { SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';
import { useSynchronizerStatus } from './useSynchronizerStatus.ts';

/**
 * The profile list's sign that a synchronizer runs, with how many followers are in step; opens
 * its panel. Nothing while none runs (and always in the browser version, which has no agent).
 */
export function SynchronizerStatusButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const status = useSynchronizerStatus();
  const phone = useScreenWidth() === 'phone';
  if (!status.running) return null;
  const inStep = status.followers.filter((follower) => follower.state === 'inStep').length;
  // A follower dropped on purpose is no longer one to keep in step: counting it read as a fault.
  const kept = status.followers.filter((follower) => follower.state !== 'dropped').length;
  const text = t('synchronizer.badge', { inStep, count: kept });
  return (
    <Button icon={<SyncOutlined spin />} onClick={onOpen} data-testid="synchronizer-panel-open" {...(phone ? { 'aria-label': text, title: text } : { children: text })} />
  );
}
