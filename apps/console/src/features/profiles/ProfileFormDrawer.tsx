import { profileCreateCall, profileUpdateCall, type ProfileSettings } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, Result, Spin, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useRefreshProfileData } from '../groups/index.ts';
import { ConsistencyWarnings } from './ConsistencyWarnings.tsx';
import { FingerprintLocationFields } from './FingerprintLocationFields.tsx';
import { FingerprintSurfaceFields } from './FingerprintSurfaceFields.tsx';
import { placeIssuesOnFields } from '../../lib/issuesOnFields.ts';
import { ProfileAdvancedFields } from './ProfileAdvancedFields.tsx';
import { ProfileBasicFields } from './ProfileBasicFields.tsx';
import { emptyProfileSettings, settingsOf, tabOfPath, withoutNulls, type ProfileFormTab, type ProfileFormValues } from './profileFormModel.ts';
import { ProfileProxyFields } from './ProfileProxyFields.tsx';
import { useProfileDetail } from './profileQueries.ts';
import { useFingerprintSuggestion } from './useFingerprintSuggestion.ts';
import { fallbackAccountSettings, useAccountSettings } from '../settings/index.ts';

interface ProfileFormDrawerProps {
  /** null: create a new profile. */
  profileId: string | null;
  /** Group a new profile starts in (the list's current filter, else ungrouped). */
  defaultGroupId: string;
  onClose: () => void;
}

/** What is sent: every value the form holds (also those of fields not shown), cleaned. */
function settingsToSend(values: ProfileFormValues): ProfileSettings {
  const settings = withoutNulls(values);
  // "Direct" is a choice of the no-proxy type only; a chosen proxy type overrides it.
  if (settings.proxy.type !== 'none') settings.proxy = { ...settings.proxy, direct: false };
  return settings;
}

/** Create or edit one profile: Basic, Proxy, Fingerprint and Advanced tabs over one form. */
export function ProfileFormDrawer({ profileId, defaultGroupId, onClose }: ProfileFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<ProfileFormValues>();
  const [tab, setTab] = useState<ProfileFormTab>('basic');
  const detail = useProfileDetail(profileId);
  const suggestion = useFingerprintSuggestion(form);
  const generatedOnOpen = useRef(false);
  const editing = profileId !== null;
  // Shared with this account to edit: the owner's group and command line stay the owner's.
  const owner = detail.data?.permission ? detail.data.owner.name : undefined;
  // A new profile starts from the global settings' OS and start page; if they cannot be read,
  // from the contract's defaults rather than not at all.
  const accountSettings = useAccountSettings();
  const defaultsReady = editing || accountSettings.data !== undefined || accountSettings.isError;
  const { defaultOs, defaultStartPage } = accountSettings.data ?? fallbackAccountSettings;

  // A new profile starts with a fingerprint of its own, for its default OS (once, also under
  // StrictMode's double effects).
  useEffect(() => {
    if (profileId !== null || generatedOnOpen.current || !defaultsReady) return;
    generatedOnOpen.current = true;
    suggestion.mutate();
  }, [profileId, suggestion, defaultsReady]);

  useEffect(() => {
    if (detail.data) form.setFieldsValue(settingsOf(detail.data));
  }, [detail.data, form]);

  const save = useMutation({
    mutationFn: (settings: ProfileSettings) =>
      profileId ? api.call(profileUpdateCall, { id: profileId, settings }) : api.call(profileCreateCall, { settings }),
    onSuccess: async () => {
      message.success(t(profileId ? 'profiles.saved' : 'profiles.created'));
      await refresh();
      onClose();
    },
    onError: (error) => {
      const { placed, all } = placeIssuesOnFields(error, form, t, 'settings');
      if (placed[0]) setTab(tabOfPath(placed[0]));
      if (!all) showError(error);
    },
  });

  const submit = async () => {
    try {
      await form.validateFields();
    } catch (failure) {
      // Show the tab holding the first problem; the field already shows its message.
      const first = (failure as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) setTab(tabOfPath(first.name));
      return;
    }
    save.mutate(settingsToSend(form.getFieldsValue(true) as ProfileFormValues));
  };

  /** From a warning to the field it names: its tab first, then (once the pane shows) the field. */
  const showField = (path: readonly string[]) => {
    setTab(tabOfPath(path));
    setTimeout(() => form.scrollToField([...path], { block: 'center', focus: true }), 0);
  };

  const tabs = [
    { key: 'basic', label: <span data-testid="profile-tab-basic">{t('profiles.tab.basic')}</span>, children: <ProfileBasicFields onGenerate={() => suggestion.mutate()} generating={suggestion.isPending} owner={owner} /> },
    { key: 'proxy', label: <span data-testid="profile-tab-proxy">{t('profiles.tab.proxy')}</span>, children: <ProfileProxyFields form={form} /> },
    {
      key: 'fingerprint',
      label: <span data-testid="profile-tab-fingerprint">{t('profiles.tab.fingerprint')}</span>,
      children: (
        <>
          <FingerprintSurfaceFields form={form} />
          <FingerprintLocationFields form={form} />
        </>
      ),
    },
    { key: 'advanced', label: <span data-testid="profile-tab-advanced">{t('profiles.tab.advanced')}</span>, children: <ProfileAdvancedFields form={form} shared={owner !== undefined} /> },
  ].map((item) => ({ ...item, forceRender: true })); // every field registered, so all are validated and sent

  return (
    <Drawer
      open
      // Never wider than the window: a desktop client's small window, or a phone.
      size="min(880px, 100vw)"
      title={t(editing ? 'profiles.editTitle' : 'profiles.createTitle')}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} disabled={editing && !detail.data} onClick={() => void submit()} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      {editing && detail.isError ? (
        <Result status="warning" title={t('profiles.loadFailed')} extra={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <Spin spinning={(editing && detail.isLoading) || !defaultsReady}>
          {defaultsReady ? (
            <Form
              form={form}
              layout="vertical"
              initialValues={emptyProfileSettings(defaultGroupId, { os: defaultOs, startPage: defaultStartPage })}
              onFinish={() => void submit()}
              data-testid="profile-form"
            >
              <ConsistencyWarnings form={form} onShowField={showField} />
              <Tabs activeKey={tab} onChange={(key) => setTab(key as ProfileFormTab)} items={tabs} />
            </Form>
          ) : (
            <div style={{ minHeight: 240 }} />
          )}
        </Spin>
      )}
    </Drawer>
  );
}
