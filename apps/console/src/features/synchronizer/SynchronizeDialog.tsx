import { SYNCHRONIZER_MAX_FOLLOWERS, type RunningBrowser } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, Flex, Form, InputNumber, Modal, Radio, Tag, Typography, type ButtonProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { testId } from '../../lib/testId.ts';
import { rememberNames } from './rememberedNames.ts';
import { castOf, followersOf, startReadiness } from './synchronizerCast.ts';
import { synchronizerBridge, synchronizerStatusKey } from './synchronizerBridge.ts';
import { synchronizerErrorText } from './synchronizerErrorText.ts';
import { initialOptionValues, synchronizerOptionFields, type SynchronizerOptionValues } from './synchronizerOptionFields.ts';
import { useSynchronizerStatus } from './useSynchronizerStatus.ts';

export interface SynchronizeDialogProps {
  /** The selected profiles. */
  ids: string[];
  /** What runs on this computer now (features/browsers useRunningBrowsers): the dialog follows it live. */
  running: ReadonlyMap<string, RunningBrowser>;
  nameOf: (id: string) => string;
  /** Opens these profiles with the start batch. */
  onOpenProfiles: (ids: string[]) => void;
  /** The synchronizer has started, or the person asks to see the one already running: the page shows its panel. */
  onStarted: () => void;
  onClose: () => void;
}

/**
 * "Synchronize windows": the person picks the leader among the selected profiles that run with a
 * window; every other running one follows. Those not open yet are named, with a button to open
 * them. Delays and position jitter are advanced settings.
 */
export function SynchronizeDialog({ ids, running, nameOf, onOpenProfiles, onStarted, onClose }: SynchronizeDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { bridge } = useRuntime();
  const queryClient = useQueryClient();
  const status = useSynchronizerStatus();
  const [form] = Form.useForm<SynchronizerOptionValues>();
  const cast = useMemo(() => castOf(ids, running), [ids, running]);
  const [chosen, setChosen] = useState<string | undefined>();
  // The first window leads until the person picks another (or the chosen one closes).
  const leaderId = chosen && cast.windows.includes(chosen) ? chosen : cast.windows[0];
  const readiness = startReadiness(cast, leaderId);
  const followers = followersOf(cast, leaderId);

  const start = useMutation({
    mutationFn: (options: SynchronizerOptionValues) => synchronizerBridge(bridge!).start(leaderId!, followers, options),
    onSuccess: (started) => {
      rememberNames([leaderId!, ...followers], nameOf);
      queryClient.setQueryData(synchronizerStatusKey, started);
      message.success(t('synchronizer.started'));
      onStarted();
    },
    onError: (error) => message.error(synchronizerErrorText(error, t)),
  });

  const profileTag = (id: string) => (
    <Tag key={id} data-testid={`synchronizer-profile-${id}`}>
      {nameOf(id)}
    </Tag>
  );

  return (
    <Modal
      open
      // Never wider than the window: a desktop client's small window, or a phone.
      width="min(560px, 100vw)"
      title={t('synchronizer.title')}
      okText={t('synchronizer.start')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: start.isPending, disabled: readiness !== 'ready' || status.running, ...testId('synchronizer-start') }}
      cancelButtonProps={testId<ButtonProps>('synchronizer-cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="synchronizer-dialog">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('synchronizer.hint')}
        </Typography.Paragraph>
        {status.running ? (
          <Alert
            type="warning"
            showIcon
            title={t('synchronizer.error.running')}
            data-testid="synchronizer-already-running"
            action={
              <Button size="small" onClick={onStarted} data-testid="synchronizer-show-running">
                {t('synchronizer.showRunning')}
              </Button>
            }
          />
        ) : null}

        <div>
          <Typography.Text strong>{t('synchronizer.chooseLeader')}</Typography.Text>
          {cast.windows.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('synchronizer.noWindow')}</Typography.Paragraph>
          ) : (
            <Radio.Group value={leaderId} onChange={(event) => setChosen(String(event.target.value))} style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}>
              {cast.windows.map((id) => (
                <Radio key={id} value={id} data-testid={`synchronizer-leader-${id}`}>
                  {nameOf(id)}
                  {/* The window's number, as the list and the window itself show it: which one will lead. */}
                  <Tag color="green" style={{ marginInlineStart: 8 }}>
                    #{running.get(id)?.number}
                  </Tag>
                </Radio>
              ))}
            </Radio.Group>
          )}
        </div>

        <div data-testid="synchronizer-followers">
          <Typography.Text strong>{t('synchronizer.followersCount', { count: followers.length })}</Typography.Text>
          <Flex wrap gap={4} style={{ marginTop: 8 }}>
            {followers.map(profileTag)}
          </Flex>
          {cast.headless.length > 0 ? <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>{t('synchronizer.headlessFollow')}</Typography.Paragraph> : null}
        </div>

        {cast.launching.length > 0 ? (
          <div data-testid="synchronizer-launching">
            <Typography.Text type="secondary">{t('synchronizer.launching')}</Typography.Text>
            <Flex wrap gap={4} style={{ marginTop: 4 }}>
              {cast.launching.map(profileTag)}
            </Flex>
          </div>
        ) : null}

        {cast.notRunning.length > 0 ? (
          <Alert
            type="info"
            showIcon
            data-testid="synchronizer-not-running"
            title={t('synchronizer.notRunning')}
            description={
              <Flex wrap gap={4}>
                {cast.notRunning.map(profileTag)}
              </Flex>
            }
            action={
              <Button size="small" onClick={() => onOpenProfiles(cast.notRunning)} data-testid="synchronizer-open-missing">
                {t('synchronizer.openMissing')}
              </Button>
            }
          />
        ) : null}

        {readiness === 'noFollower' && cast.windows.length > 0 ? <Alert type="warning" showIcon title={t('synchronizer.needFollower')} /> : null}
        {readiness === 'tooManyFollowers' ? <Alert type="error" showIcon title={t('synchronizer.tooManyFollowers', { max: SYNCHRONIZER_MAX_FOLLOWERS })} /> : null}

        <Form form={form} layout="vertical" initialValues={initialOptionValues} onFinish={(values) => start.mutate(values)} data-testid="synchronizer-options">
          <Collapse
            size="small"
            items={[
              {
                key: 'advanced',
                label: <span data-testid="synchronizer-advanced">{t('synchronizer.advanced')}</span>,
                // Kept mounted while folded: the form submits every value, folded or not.
                forceRender: true,
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('synchronizer.options.hint')}</Typography.Paragraph>
                    {synchronizerOptionFields.map((field) => (
                      <Form.Item
                        key={field.name}
                        name={field.name}
                        label={t(field.labelKey)}
                        rules={[
                          { required: true, message: t('synchronizer.options.required') },
                          ...(field.name === 'maxDelayMs'
                            ? [
                                ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
                                  validator: (_rule: unknown, value: number | null) =>
                                    value === null || value >= Number(getFieldValue('minDelayMs')) ? Promise.resolve() : Promise.reject(new Error(t('synchronizer.options.delayInverted'))),
                                }),
                              ]
                            : []),
                        ]}
                        dependencies={field.name === 'maxDelayMs' ? ['minDelayMs'] : undefined}
                      >
                        <InputNumber min={0} max={field.max} precision={0} style={{ width: '100%' }} data-testid={`synchronizer-option-${field.name}`} />
                      </Form.Item>
                    ))}
                  </>
                ),
              },
            ]}
          />
        </Form>
      </Flex>
    </Modal>
  );
}
