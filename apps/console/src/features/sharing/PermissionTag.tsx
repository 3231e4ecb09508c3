import { sharePermissions, type SharePermission } from '@facet/contracts';
import { Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const colours: Record<SharePermission, string> = { run: 'default', edit: 'blue', full: 'purple' };

/**
 * A share's permission as a coloured word: run only, run and edit, full. `wrap`: on more lines
 * where the column is narrower than the words ("Ouverture et modification").
 */
export function PermissionTag({ permission, wrap = false }: { permission: SharePermission; wrap?: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[permission]} style={wrap ? { whiteSpace: 'normal', marginInlineEnd: 0 } : undefined} data-testid={`permission-${permission}`}>
      {t(`sharing.permission.${permission}`)}
    </Tag>
  );
}

/** The sharer's choice, each level with what it allows in words. */
export function PermissionChoice({ value, onChange, testId }: { value?: SharePermission; onChange?: (value: SharePermission) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(e.target.value as SharePermission)} data-testid={testId}>
      <Space direction="vertical">
        {sharePermissions.map((permission) => (
          <Radio key={permission} value={permission} data-testid={`${testId}-${permission}`}>
            {t(`sharing.permission.${permission}`)} <Typography.Text type="secondary">— {t(`sharing.permissionHint.${permission}`)}</Typography.Text>
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
