import { limits } from '@facet/contracts';
import { Alert, Collapse, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { testId } from '../../lib/testId.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';

/** The agent's local automation API port until it is changed in the local settings (README). */
const DEFAULT_LOCAL_API_PORT = 50325;

/** Articles in reading order, each with its number of paragraphs (`help.<key>.p1` …). */
const articles = [
  { key: 'start', paragraphs: 3 },
  { key: 'proxies', paragraphs: 3 },
  { key: 'cookies', paragraphs: 3 },
  { key: 'automation', paragraphs: 4 },
  { key: 'team', paragraphs: 2 },
  { key: 'plans', paragraphs: 3 },
  { key: 'contact', paragraphs: 2 },
] as const;
type ArticleKey = (typeof articles)[number]['key'];

/** The start call as a script sends it; KEY and ID are the reader's own. */
const startExample = `curl -H "Authorization: Bearer KEY" 'http://127.0.0.1:${DEFAULT_LOCAL_API_PORT}/api/v1/browser/start?profile_id=ID'`;

/** /wel/helper: short articles on what people ask first, as collapsible sections. */
export default function HelpPage() {
  const { t } = useTranslation();
  const { config, mode } = useRuntime();
  // Values the articles name; each text takes the ones it needs.
  const values = { port: DEFAULT_LOCAL_API_PORT, days: limits.freeTrialDays, max: limits.maxAccountsPerShare, batch: limits.maxBatchCreate };

  // What an article shows besides its paragraphs, and after which paragraph.
  const extras: Partial<Record<ArticleKey, { after: number; node: ReactNode }>> = {
    automation: {
      after: 3,
      node: (
        <Typography.Paragraph code copyable={{ text: startExample }} style={{ wordBreak: 'break-all' }} data-testid="help-automation-example">
          {startExample}
        </Typography.Paragraph>
      ),
    },
    contact: {
      after: 1,
      node: (
        <Typography.Paragraph>
          <Typography.Link href={`mailto:${config.support.email}`} data-testid="help-contact-email">
            {config.support.email}
          </Typography.Link>
        </Typography.Paragraph>
      ),
    },
  };

  const body = (key: ArticleKey, paragraphs: number) =>
    Array.from({ length: paragraphs }, (_, index) => (
      <Fragment key={index}>
        <Typography.Paragraph style={index === paragraphs - 1 ? { marginBottom: 0 } : undefined}>{t(`help.${key}.p${index + 1}`, values)}</Typography.Paragraph>
        {extras[key]?.after === index + 1 ? extras[key].node : null}
      </Fragment>
    ));

  return (
    <div data-testid="screen-helper">
      <PageTitle>{t('menu.helper')}</PageTitle>
      <div data-testid="help-page" style={{ maxWidth: 860 }}>
        <Typography.Paragraph type="secondary">{t('help.intro')}</Typography.Paragraph>
        {/* The browser version has no browser list: the articles describe the desktop client, and say so. */}
        {mode === 'browser' ? <Alert type="info" showIcon title={t('help.browserVersion')} style={{ marginBottom: 16 }} data-testid="help-browser-version" /> : null}
        <Collapse
          defaultActiveKey={['start']}
          items={articles.map(({ key, paragraphs }) => ({
            key,
            label: <Typography.Text strong>{t(`help.${key}.title`)}</Typography.Text>,
            children: body(key, paragraphs),
            ...testId<object>(`help-article-${key}`),
          }))}
        />
      </div>
    </div>
  );
}
