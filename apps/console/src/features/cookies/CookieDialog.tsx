import { cookiesToJson, cookiesToNetscape, limits, parseCookieText, profileCookiesCall, profileDetailCall, type Cookie, type CookieParseResult } from '@facet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, Modal, Radio, Space, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { download } from '../../lib/download.ts';
import { testId } from '../../lib/testId.ts';
import { cookiesFromXlsx, cookiesToXlsx } from './cookieExcel.ts';

/** Files larger than this are refused before they are read (cookie files are kilobytes). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
type ExportFormat = 'json' | 'netscape' | 'excel';

/**
 * A profile's cookies: import from pasted text or a file (the extensions' JSON, Netscape
 * cookies.txt, Excel), replacing what the profile has; export in any of those, or to the
 * clipboard. A bad file is refused with the row that is wrong, and nothing changes.
 */
export function CookieDialog({ profileId, name, onClose }: { profileId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<CookieParseResult | null>(null);
  const [format, setFormat] = useState<ExportFormat>('json');
  const detail = useQuery({ queryKey: ['profile', profileId, 'cookies'], queryFn: () => api.call(profileDetailCall, { id: profileId }) });
  const cookies: Cookie[] = detail.data?.profile.cookies ?? [];
  const save = useMutation({
    mutationFn: (list: Cookie[]) => api.call(profileCookiesCall, { id: profileId, cookies: list }),
    onSuccess: async ({ saved }) => {
      message.success(t('cookies.saved', { count: saved }));
      await detail.refetch();
      setText('');
      setParsed(null);
    },
    onError: (error) => showError(error),
  });

  const readFile = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) return setParsed({ ok: false, row: 0, key: 'cookies.fileTooLarge' });
    if (/\.xlsx$/i.test(file.name)) return setParsed(await cookiesFromXlsx(await file.arrayBuffer()));
    const content = await file.text();
    setText(content);
    setParsed(parseCookieText(content));
  };

  const exportAs = async () => {
    const base = `cookies-${name.replace(/[^\w-]+/g, '_')}`;
    if (format === 'excel') return download(`${base}.xlsx`, await cookiesToXlsx(cookies));
    const body = format === 'json' ? cookiesToJson(cookies) : cookiesToNetscape(cookies);
    download(`${base}.${format === 'json' ? 'json' : 'txt'}`, new Blob([body], { type: 'text/plain;charset=utf-8' }));
  };

  const copy = async () => {
    await navigator.clipboard.writeText(format === 'netscape' ? cookiesToNetscape(cookies) : cookiesToJson(cookies));
    message.success(t('cookies.copied'));
  };

  const problem = parsed && !parsed.ok ? (parsed.row > 0 ? t('cookies.rowError', { row: parsed.row, reason: t(parsed.key) }) : t(parsed.key)) : null;

  return (
    <Modal open width={limits.dialogWidthPx} title={t('cookies.title', { name })} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'import',
            label: t('cookies.import'),
            children: (
              <Flex vertical gap={12} data-testid="cookie-import">
                <Input.TextArea
                  rows={8}
                  value={text}
                  placeholder={t('cookies.pastePlaceholder')}
                  onChange={(event) => {
                    setText(event.target.value);
                    setParsed(event.target.value.trim() ? parseCookieText(event.target.value) : null);
                  }}
                  data-testid="cookie-text"
                />
                <Upload accept=".json,.txt,.xlsx" showUploadList={false} beforeUpload={(file) => {
                    // Read here, in the page; nothing is sent until Save.
                    void readFile(file);
                    return false;
                  }}>
                  <Button data-testid="cookie-upload">{t('cookies.upload')}</Button>
                </Upload>
                {problem ? <Alert type="error" showIcon title={problem} data-testid="cookie-error" /> : null}
                {parsed?.ok ? <Typography.Text data-testid="cookie-count">{t('cookies.ready', { count: parsed.cookies.length })}</Typography.Text> : null}
                <Button type="primary" disabled={!parsed?.ok} loading={save.isPending} onClick={() => parsed?.ok && save.mutate(parsed.cookies)} {...testId('cookie-save')}>
                  {t('cookies.save')}
                </Button>
              </Flex>
            ),
          },
          {
            key: 'export',
            label: t('cookies.export'),
            children: (
              <Flex vertical gap={12} data-testid="cookie-export">
                <Typography.Text data-testid="cookie-stored">{t('cookies.stored', { count: cookies.length })}</Typography.Text>
                <Radio.Group value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
                  <Radio value="json">JSON</Radio>
                  <Radio value="netscape">Netscape</Radio>
                  <Radio value="excel">Excel</Radio>
                </Radio.Group>
                <Space>
                  <Button onClick={() => void exportAs()} disabled={cookies.length === 0} data-testid="cookie-download">
                    {t('cookies.download')}
                  </Button>
                  <Button onClick={() => void copy()} disabled={cookies.length === 0 || format === 'excel'} data-testid="cookie-copy">
                    {t('cookies.copy')}
                  </Button>
                </Space>
              </Flex>
            ),
          },
        ]}
      />
    </Modal>
  );
}
