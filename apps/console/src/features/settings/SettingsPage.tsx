import { operatingSystems, validateStartPage, type AccountSettings } from '@facet/contracts';
import { App, Button, Divider, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { enumOptions } from '../../lib/enumOptions.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useAccountSettings, useSaveAccountSettings } from './accountSettingsQueries.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/** Largest number of reminder days the server keeps (the contract's limit). */
const PLAN_REMINDER_MAX_DAYS = 30;

/**
 * /wel/account/setting: the account's global settings, kept on the server so they follow the
 * person to every console: what a new profile starts with, whether signing out asks first,
 * and how early the console reminds of a plan's end.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAccountSettings();

  let content;
  if (settings.data) content = <SettingsForm settings={settings.data} />;
  else content = <QueryStatus error={settings.error} onRetry={() => void settings.refetch()} />;

  return (
    <div data-testid="screen-setting">
      <PageTitle>{t('menu.setting')}</PageTitle>
      <div data-testid="settings-page">{content}</div>
    </div>
  );
}

function SettingsForm({ settings }: { settings: AccountSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const [form] = Form.useForm<AccountSettings>();
  const save = useSaveAccountSettings();

  const submit = (values: AccountSettings) =>
    save.mutate(
      { ...values, defaultStartPage: values.defaultStartPage.trim() },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(saved);
          message.success(t('settings.saved'));
        },
        onError: (error) => showError(error, form, { prefix: 'settings' }),
      },
    );

  return (
    <Form<AccountSettings> form={form} layout="vertical" initialValues={settings} onFinish={submit} style={{ maxWidth: 640 }} data-testid="settings-form">
      <Divider titlePlacement="start" style={{ marginTop: 0 }}>
        {t('settings.section.profiles')}
      </Divider>
      <Form.Item name="defaultOs" label={t('settings.defaultOs.label')} extra={t('settings.defaultOs.hint')}>
        <Select options={enumOptions(operatingSystems, 'profiles.os', t)} data-testid="settings-default-os" />
      </Form.Item>
      <Form.Item
        name="defaultStartPage"
        label={t('settings.startPage.label')}
        extra={t('settings.startPage.hint')}
        rules={[{ max: 2048, message: t('validation.tooLong') }, fromContract(validateStartPage, t)]}
      >
        <Input placeholder="https://" allowClear data-testid="settings-start-page" />
      </Form.Item>
      <Divider titlePlacement="start">{t('settings.section.console')}</Divider>
      <Form.Item name="confirmLogoutWithBrowsers" label={t('settings.confirmLogout.label')} extra={t('settings.confirmLogout.hint')} valuePropName="checked">
        <Switch data-testid="settings-confirm-logout" />
      </Form.Item>
      <Form.Item
        name="planReminderDays"
        label={t('settings.planReminder.label')}
        extra={t('settings.planReminder.hint')}
        rules={[{ required: true, type: 'integer', min: 0, max: PLAN_REMINDER_MAX_DAYS, message: t('settings.planReminder.range') }]}
      >
        <InputNumber min={0} max={PLAN_REMINDER_MAX_DAYS} precision={0} suffix={t('settings.planReminder.unit')} style={{ width: 200 }} data-testid="settings-plan-reminder" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
