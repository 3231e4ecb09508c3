import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Code, tagColors, tagCreateCall, tagDeleteCall, tagUpdateCall, type TagColor } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Input, Modal, Popconfirm, Select, Tag as AntTag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { tagsQueryKey, useTags } from './tagQueries.ts';

function ColorSelect({ value, onChange, id }: { value: TagColor; onChange: (color: TagColor) => void; id: string }) {
  const { t } = useTranslation();
  return (
    <Select<TagColor>
      size="small"
      value={value}
      onChange={onChange}
      style={{ width: 130 }}
      aria-label={t('tags.color')}
      options={tagColors.map((color) => ({ value: color, label: <AntTag color={color}>{t(`tags.colors.${color}`)}</AntTag> }))}
      data-testid={`tag-color-${id}`}
    />
  );
}

/** The account's tags: create, rename, recolour, delete (the profiles only lose the label). */
export function TagManagerDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const tags = useTags();
  const [name, setName] = useState('');
  const [color, setColor] = useState<TagColor>('blue');
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: tagsQueryKey }), queryClient.invalidateQueries({ queryKey: ['profiles'] })]);
  const create = useMutation({
    mutationFn: () => api.call(tagCreateCall, { name: name.trim(), color }),
    onSuccess: async () => {
      setName('');
      await refresh();
    },
    onError: (error) => showError(error),
  });
  const update = useMutation({ mutationFn: (tag: { id: string; name: string; color: TagColor }) => api.call(tagUpdateCall, tag), onSuccess: refresh, onError: (error) => showError(error) });
  const remove = useMutation({
    mutationFn: (id: string) => api.call(tagDeleteCall, { id }),
    onSuccess: async ({ changed }) => {
      message.success(t('tags.deleted', { count: changed }));
      await refresh();
    },
    onError: (error) => showError(error),
  });
  const list = tags.data?.list ?? [];
  return (
    <Modal open title={t('tags.manageTitle')} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Flex vertical gap={8} data-testid="tag-manager">
        <Flex gap={8}>
          <Input
            value={name}
            maxLength={30}
            placeholder={t('tags.newName')}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => name.trim() && create.mutate()}
            status={create.error && (create.error as { code?: number }).code === Code.TAG_NAME_TAKEN ? 'error' : undefined}
            data-testid="tag-new-name"
          />
          <ColorSelect value={color} onChange={setColor} id="new" />
          <Button type="primary" icon={<PlusOutlined />} disabled={!name.trim()} loading={create.isPending} onClick={() => create.mutate()} {...testId('tag-create')}>
            {t('tags.create')}
          </Button>
        </Flex>
        {list.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tags.empty')} /> : null}
        {list.map((tag) => (
          <Flex key={tag.id} gap={8} align="center" data-testid={`tag-row-${tag.name}`}>
            <Typography.Text
              editable={{ maxLength: 30, onChange: (next) => next.trim() && next.trim() !== tag.name && update.mutate({ id: tag.id, name: next.trim(), color: tag.color }), triggerType: ['icon', 'text'] }}
              style={{ flex: 1, margin: 0 }}
            >
              {tag.name}
            </Typography.Text>
            <Typography.Text type="secondary">{t('tags.profileCount', { count: tag.profileCount })}</Typography.Text>
            <ColorSelect value={tag.color} onChange={(next) => update.mutate({ id: tag.id, name: tag.name, color: next })} id={tag.id} />
            <Popconfirm title={t('tags.deleteConfirm', { name: tag.name })} okButtonProps={{ danger: true, ...testId('tag-delete-confirm') }} onConfirm={() => remove.mutate(tag.id)}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('tags.delete')} data-testid={`tag-delete-${tag.name}`} />
            </Popconfirm>
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
