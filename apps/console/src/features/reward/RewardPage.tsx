import { CopyOutlined } from '@ant-design/icons';
import { ApiError } from '@facet/api-client';
import { Code, type CallResponse, type rewardInfoCall } from '@facet/contracts';
import { Alert, App, Button, Card, Empty, Flex, Input, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { testId } from '../../lib/testId.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { useRewardInfo } from './rewardQueries.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

type RewardInfo = CallResponse<typeof rewardInfoCall>;
type Invitee = RewardInfo['invited'][number];

/**
 * /wel/reward: the main account's invitation code and link, what each invitee's first payment
 * earns (or that the operator offers nothing), who joined, and the days earned. A sub-account
 * that reaches it is told the reward belongs to its main account.
 */
export default function RewardPage() {
  const { t } = useTranslation();
  const reward = useRewardInfo();

  let content;
  if (reward.data) content = <RewardContent info={reward.data} />;
  else if (reward.error instanceof ApiError && reward.error.code === Code.MAIN_ACCOUNT_ONLY)
    content = (
      <Empty
        data-testid="reward-main-only"
        description={
          <>
            <Typography.Text strong>{t('reward.mainOnlyTitle')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('reward.mainOnlyBody')}</Typography.Text>
          </>
        }
      />
    );
  else content = <QueryStatus error={reward.error} onRetry={() => void reward.refetch()} />;

  return (
    <div data-testid="screen-reward">
      <PageTitle>{t('menu.reward')}</PageTitle>
      <div data-testid="reward-page">{content}</div>
    </div>
  );
}

function useCopy() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (text: string) => {
    try {
      // Absent outside secure contexts (plain http on another host): the field stays selectable.
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      message.success(t('notice.copied'));
    } catch {
      message.warning(t('reward.copyFailed'));
    }
  };
}

function RewardContent({ info }: { info: RewardInfo }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const copy = useCopy();
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(language.tag, { dateStyle: 'medium' });
    return (ms: number) => format.format(ms);
  }, [language.tag]);
  const programme = info.daysPerInvitee > 0;

  const columns: TableColumnsType<Invitee> = [
    { key: 'name', title: t('reward.col.name'), dataIndex: 'name' },
    { key: 'joinedAt', title: t('reward.col.joinedAt'), dataIndex: 'joinedAt', render: (ms: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(ms)}</span> },
    { key: 'days', title: t('reward.col.days'), dataIndex: 'days' },
    {
      key: 'state',
      title: t('reward.col.state'),
      render: (_, invitee) =>
        invitee.days === 0 ? (
          <Typography.Text type="secondary">{t('reward.state.noPayment')}</Typography.Text>
        ) : invitee.applied ? (
          <Tag color="green">{t('reward.state.applied')}</Tag>
        ) : (
          <Tag color="orange">{t('reward.state.waiting')}</Tag>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={16} style={{ maxWidth: 720 }}>
          <Typography.Text type="secondary">{t('reward.intro')}</Typography.Text>
          <div>
            <Typography.Text strong>{t('reward.code')}</Typography.Text>
            <Flex gap={8} style={{ marginTop: 4, maxWidth: 360 }}>
              <Input readOnly value={info.invitationCode} onFocus={(event) => event.target.select()} style={{ fontFamily: 'monospace' }} data-testid="reward-code" />
              <Button icon={<CopyOutlined />} onClick={() => void copy(info.invitationCode)} data-testid="reward-copy-code">
                {t('apiToken.copy')}
              </Button>
            </Flex>
          </div>
          <div>
            <Typography.Text strong>{t('reward.link')}</Typography.Text>
            <Flex gap={8} style={{ marginTop: 4 }}>
              <Input readOnly value={info.link} onFocus={(event) => event.target.select()} data-testid="reward-link" />
              <Button icon={<CopyOutlined />} onClick={() => void copy(info.link)} data-testid="reward-copy-link">
                {t('apiToken.copy')}
              </Button>
            </Flex>
          </div>
          {programme ? (
            <Alert type="success" showIcon title={t('reward.daysPerInvitee', { days: info.daysPerInvitee })} description={t('reward.howItWorks')} data-testid="reward-days" />
          ) : (
            <Alert type="info" showIcon title={t('reward.noProgramme')} description={t('reward.noProgrammeBody')} data-testid="reward-days" />
          )}
        </Flex>
      </Card>
      <Flex gap={32} wrap>
        <Statistic title={t('reward.invitedCount')} value={info.invited.length} />
        <Statistic title={t('reward.totalDays')} value={info.totalDays} {...testId('reward-total')} />
      </Flex>
      <Table<Invitee>
        rowKey={(invitee) => `${invitee.name}:${invitee.joinedAt}`}
        columns={columns}
        dataSource={info.invited}
        pagination={info.invited.length > 20 ? { pageSize: 20 } : false}
        data-testid="reward-table"
        locale={{
          emptyText: (
            <Empty
              data-testid="reward-empty"
              description={
                <>
                  <Typography.Text strong>{t('reward.emptyTitle')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('reward.emptyBody')}</Typography.Text>
                </>
              }
            />
          ),
        }}
      />
    </Flex>
  );
}
