import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { sharePermissions } from '@facet/contracts';
import { Button, Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../groups/index.ts';

/**
 * A sub-account's authorized groups: each of the main account's groups it may reach, with a
 * permission. Its profiles then show under the sub-account's "Shared with me", and follow the
 * group: a profile moved out leaves, one moved in arrives.
 */
export function GroupGrantsField() {
  const { t } = useTranslation();
  const groups = useGroups();
  const groupOptions = (groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }));
  const permissionOptions = sharePermissions.map((p) => ({ value: p, label: t(`sharing.permission.${p}`) }));
  return (
    <Form.Item label={t('subAccounts.groups')} extra={t('subAccounts.groupsHint')}>
      <Form.List name="groupGrants">
        {(fields, { add, remove }) => (
          <div data-testid="sub-group-grants">
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'groupId']}
                  rules={[
                    { required: true, message: t('validation.required') },
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: string) => {
                        const all = (getFieldValue('groupGrants') as { groupId?: string }[] | undefined) ?? [];
                        if (all.filter((g) => g.groupId === value).length > 1) throw new Error(t('subAccounts.groupTwice'));
                      },
                    }),
                  ]}
                >
                  <Select style={{ width: 240 }} options={groupOptions} placeholder={t('subAccounts.group')} showSearch optionFilterProp="label" data-testid={`sub-grant-group-${field.name}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'permission']} initialValue="run">
                  <Select style={{ width: 170 }} options={permissionOptions} data-testid={`sub-grant-permission-${field.name}`} />
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} aria-label={t('subAccounts.delete')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            {groupOptions.length === 0 && groups.isSuccess ? (
              <Typography.Text type="secondary">{t('subAccounts.noGroups')}</Typography.Text>
            ) : (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ permission: 'run' })} data-testid="sub-grant-add">
                {t('subAccounts.addGroup')}
              </Button>
            )}
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
