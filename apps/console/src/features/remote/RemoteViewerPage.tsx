import { ArrowLeftOutlined, CopyOutlined, ExpandOutlined, MoreOutlined, PoweroffOutlined } from '@ant-design/icons';
import { ApiError } from '@facet/api-client';
import { Code, REMOTE_STREAM_CLOSE, remoteControlCall, remoteStopCall, type RemoteRun } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Flex, Result, Space, Spin, Tag, theme, Typography, type MenuProps } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../lib/errorText.ts';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';
import { startErrorText } from '../browsers/index.ts';
import { ClipboardDrawer } from './ClipboardDrawer.tsx';
import { controlView } from './controlView.ts';
import { remoteRunsKey, useRemoteRuns } from './remoteQueries.ts';
import { sendBackspace, sendEnter, sendText } from './remoteKeys.ts';
import { useRemoteStream } from './useRemoteStream.ts';

type ControlAction = 'take' | 'ask' | 'release' | 'handOver';

/** What remains of the run once its answer is in: live, gone (not found, stopped) or failed. */
function runOutcome(run: RemoteRun | undefined, error: unknown, answered: boolean): 'live' | 'ended' | 'failed' | 'unknown' {
  if (error instanceof ApiError && error.code === Code.REMOTE_RUN_NOT_FOUND) return 'ended';
  if (!answered) return 'unknown';
  if (!run || run.state === 'stopped') return 'ended';
  if (run.state === 'failed') return 'failed';
  return 'live';
}

/**
 * /remote/:runId: a profile running on a team host, seen and used in this tab (noVNC). While it
 * starts, progress; a failed start says why; once it runs, the picture, scaled to the window, and
 * a toolbar: who controls, take / ask / hand over / release, the clipboard, the phone's keyboard,
 * full screen, stop and leave.
 */
export default function RemoteViewerPage() {
  const { t } = useTranslation();
  const { runId = '' } = useParams();
  const navigate = useNavigate();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const phone = useScreenWidth() === 'phone';
  const { token } = theme.useToken();
  const runs = useRemoteRuns(runId, true);
  const run = runs.data?.list.find((r) => r.id === runId);
  const outcome = runOutcome(run, runs.error, runs.isSuccess);
  const [ownId, setOwnId] = useState<string | null>(null);
  const [clipboardOpen, setClipboardOpen] = useState(false);
  const pageRef = useRef<HTMLDivElement>(null);
  const screenRef = useRef<HTMLDivElement>(null);
  const keyboardRef = useRef<HTMLInputElement>(null);
  const view = controlView(run?.viewers ?? [], ownId);
  const controlling = view.kind === 'yours';

  // The ticket names this tab's socket among the run's viewers; the run is asked again to list it.
  const onConnected = useCallback(
    (viewerId: string) => {
      setOwnId(viewerId);
      void queryClient.invalidateQueries({ queryKey: remoteRunsKey(runId) });
    },
    [queryClient, runId],
  );
  const stream = useRemoteStream({ runId, running: run?.state === 'running', controlling, container: screenRef, onConnected });

  // When the socket closes, the run's state says why (stopped, gone) or that a reconnect may help.
  const closed = stream.phase.phase === 'closed';
  useEffect(() => {
    if (closed) void queryClient.invalidateQueries({ queryKey: remoteRunsKey(runId) });
  }, [closed, queryClient, runId]);

  const control = useMutation({
    mutationFn: ({ action, to }: { action: ControlAction; to?: string }) => {
      if (!ownId) return Promise.reject(new Error('no viewer yet'));
      return api.call(remoteControlCall, { runId, viewerId: ownId, action, ...(to ? { to } : {}) });
    },
    onSuccess: (answer, { action }) => {
      queryClient.setQueryData(remoteRunsKey(runId), { list: [answer.run] });
      if (action === 'ask') void message.info(t('remote.asked'));
    },
    onError: (error) => showError(error),
  });
  const stop = useMutation({
    mutationFn: () => api.call(remoteStopCall, { runId }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: remoteRunsKey(runId) }),
    onError: (error) => showError(error),
  });

  const leave = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void pageRef.current?.requestFullscreen().catch(() => message.warning(t('remote.noFullscreen')));
  };
  const showKeyboard = () => {
    const input = keyboardRef.current;
    if (!input) return;
    input.value = ' ';
    input.focus();
  };

  // A run that ended keeps its last answer on screen (its name, its host), not its Stop.
  const mayStop = outcome === 'live' && run?.mayStop === true;
  const own = run?.viewers.find((v) => v.id === ownId);
  const others = (run?.viewers ?? []).filter((v) => v.id !== ownId);
  const connected = stream.phase.phase === 'connected';
  const canAct = connected && ownId !== null && !control.isPending;
  const statusText = view.kind === 'yours' ? t('remote.youControl') : view.kind === 'other' ? t('remote.watching', { name: view.name }) : t('remote.noController');
  const askers = controlling ? others.filter((v) => v.asking) : [];

  const actions: { key: string; label: string; danger?: boolean; show: boolean; disabled?: boolean; onClick: () => void; icon?: ReactNode; children?: MenuProps['items'] }[] = [
    { key: 'take', label: t('remote.take'), show: view.kind === 'none', disabled: !canAct, onClick: () => control.mutate({ action: 'take' }) },
    { key: 'ask', label: own?.asking ? t('remote.asking') : t('remote.ask'), show: view.kind === 'other', disabled: !canAct || own?.asking === true, onClick: () => control.mutate({ action: 'ask' }) },
    { key: 'release', label: t('remote.release'), show: controlling, disabled: !canAct, onClick: () => control.mutate({ action: 'release' }) },
  ];
  const handOverItems: MenuProps['items'] = others.map((v) => ({
    key: `to:${v.id}`,
    label: <span data-testid={`remote-handover-${v.id}`}>{v.asking ? t('remote.handOverAsking', { name: v.name }) : v.name}</span>,
  }));
  const handOver = (key: string) => control.mutate({ action: 'handOver', to: key.slice(3) });

  const header = run ? (
    <Flex vertical gap={0} style={{ minWidth: 0 }}>
      <Typography.Text strong ellipsis data-testid="remote-profile">
        {run.profileName}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
        {t('remote.onHost', { host: run.hostName })}
      </Typography.Text>
    </Flex>
  ) : null;
  const statusTag = connected ? (
    <Tag color={controlling ? 'green' : view.kind === 'other' ? 'blue' : 'default'} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }} data-testid="remote-control-state">
      {statusText}
    </Tag>
  ) : null;

  const toolbar = phone ? (
    <Flex align="center" gap={8} style={{ padding: '4px 8px' }}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('remote.leave')} onClick={leave} data-testid="remote-leave" />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        {header}
        {statusTag}
      </Flex>
      {connected && controlling ? (
        <Button onClick={showKeyboard} data-testid="remote-keyboard">
          {t('remote.keyboard')}
        </Button>
      ) : null}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            ...actions.filter((a) => a.show).map((a) => ({ key: a.key, label: a.label, disabled: a.disabled })),
            ...(controlling && others.length > 0 ? [{ key: 'handOver', label: t('remote.handOver'), children: handOverItems, disabled: !canAct }] : []),
            { key: 'clipboard', label: t('remote.clipboard'), disabled: !connected },
            { key: 'fullscreen', label: t('remote.fullscreen') },
            ...(mayStop ? [{ type: 'divider' as const }, { key: 'stop', label: t('remote.stop'), danger: true }] : []),
            { key: 'leave', label: t('remote.leave') },
          ],
          onClick: ({ key }) => {
            if (key.startsWith('to:')) return handOver(key);
            if (key === 'clipboard') return setClipboardOpen(true);
            if (key === 'fullscreen') return fullscreen();
            if (key === 'stop') return stop.mutate();
            if (key === 'leave') return leave();
            actions.find((a) => a.key === key)?.onClick();
          },
        }}
      >
        <Button type="text" icon={<MoreOutlined />} aria-label={t('remote.more')} data-testid="remote-more" />
      </Dropdown>
    </Flex>
  ) : (
    <Flex align="center" gap={12} wrap style={{ padding: '6px 12px' }}>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={leave} data-testid="remote-leave">
        {t('remote.leave')}
      </Button>
      <div style={{ minWidth: 0, maxWidth: 320 }}>{header}</div>
      {statusTag}
      <div style={{ flex: 1 }} />
      <Space size={6} wrap>
        {actions
          .filter((a) => a.show && connected)
          .map((a) => (
            <Button key={a.key} size="small" type={a.key === 'take' ? 'primary' : 'default'} disabled={a.disabled} onClick={a.onClick} data-testid={`remote-${a.key}`}>
              {a.label}
            </Button>
          ))}
        {connected && controlling && others.length > 0 ? (
          <Dropdown trigger={['click']} disabled={!canAct} menu={{ items: handOverItems, onClick: ({ key }) => handOver(key) }}>
            <Button size="small" data-testid="remote-handover">
              {t('remote.handOver')}
            </Button>
          </Dropdown>
        ) : null}
        <Button size="small" icon={<CopyOutlined />} disabled={!connected} onClick={() => setClipboardOpen(true)} data-testid="remote-clipboard-open">
          {t('remote.clipboard')}
        </Button>
        <Button size="small" disabled={!connected || !controlling} onClick={showKeyboard} data-testid="remote-keyboard">
          {t('remote.keyboard')}
        </Button>
        <Button size="small" icon={<ExpandOutlined />} onClick={fullscreen} data-testid="remote-fullscreen">
          {t('remote.fullscreen')}
        </Button>
        {mayStop ? (
          <Button size="small" danger icon={<PoweroffOutlined />} loading={stop.isPending} onClick={() => stop.mutate()} data-testid="remote-stop">
            {t('remote.stop')}
          </Button>
        ) : null}
      </Space>
    </Flex>
  );

  let overlay: ReactNode = null;
  // An alert brings its own frame; the rest sit on a card.
  const overlayPadded = stream.phase.phase !== 'closed' || outcome !== 'live';
  // An access that ended is said as such, though the run is then out of this account's sight too.
  const revoked = stream.phase.phase === 'closed' && stream.phase.code === REMOTE_STREAM_CLOSE.revoked;
  if (outcome === 'unknown' && !revoked) {
    overlay = runs.error ? <Result status="warning" title={errorText(runs.error, t)} extra={<Button onClick={() => void runs.refetch()}>{t('common.retry')}</Button>} /> : <Spin size="large" />;
  } else if (outcome === 'ended' && !revoked) {
    overlay = <Result status="info" title={t('remote.ended')} subTitle={t('remote.endedHint')} extra={<Button onClick={leave}>{t('remote.leave')}</Button>} data-testid="remote-ended" />;
  } else if (outcome === 'failed' && run?.failure) {
    overlay = <Result status="error" title={t('remote.failed', { name: run.profileName })} subTitle={startErrorText(t, run.failure)} extra={<Button onClick={leave}>{t('remote.leave')}</Button>} data-testid="remote-failed" />;
  } else if (run?.state === 'starting' && !revoked) {
    overlay = (
      <Flex vertical align="center" gap={16} data-testid="remote-starting">
        <Spin size="large" />
        <Typography.Text>{t('remote.starting', { name: run.profileName, host: run.hostName })}</Typography.Text>
      </Flex>
    );
  } else if (stream.phase.phase === 'connecting') {
    overlay = <Spin size="large" tip={t('remote.connecting')} />;
  } else if (stream.phase.phase === 'closed') {
    const { error, code } = stream.phase;
    // The server's close code says why; a run that ended or an access that did is not reconnected.
    const final = code === REMOTE_STREAM_CLOSE.ended || code === REMOTE_STREAM_CLOSE.revoked;
    const why = error ? errorText(error, t) : code === REMOTE_STREAM_CLOSE.ended ? t('remote.ended') : code === REMOTE_STREAM_CLOSE.revoked ? t('remote.closed.revoked') : code === REMOTE_STREAM_CLOSE.hostAway ? t('remote.closed.hostAway') : code === REMOTE_STREAM_CLOSE.refused ? t('remote.closed.refused') : t('remote.disconnected');
    overlay = (
      <Alert
        type={final ? 'info' : 'warning'}
        showIcon
        title={why}
        description={error || final ? undefined : t('remote.disconnectedHint')}
        action={
          final ? (
            <Button onClick={leave}>{t('remote.leave')}</Button>
          ) : (
            <Button type="primary" onClick={stream.reconnect} data-testid="remote-reconnect">
              {t('remote.reconnect')}
            </Button>
          )
        }
        style={{ maxWidth: 480 }}
        data-testid="remote-closed"
        data-code={code ?? ''}
      />
    );
  }

  return (
    // Around the picture, the dark of a screen's frame in either theme; the toolbar and what is
    // said over the picture on the theme's own surface.
    <div ref={pageRef} data-testid="screen-remote" style={{ height: '100dvh', display: 'flex', flexDirection: 'column', background: '#1f1f1f' }}>
      <div style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {toolbar}
        {askers.length > 0 ? (
          <Alert
            type="info"
            banner
            title={t('remote.asksForControl', { name: askers[0]!.name })}
            action={
              <Button size="small" type="primary" onClick={() => control.mutate({ action: 'handOver', to: askers[0]!.id })} data-testid="remote-give">
                {t('remote.give')}
              </Button>
            }
          />
        ) : null}
      </div>
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <div ref={screenRef} style={{ position: 'absolute', inset: 0, visibility: connected ? 'visible' : 'hidden' }} data-testid="remote-screen" />
        {overlay ? (
          <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0, padding: 16 }}>
            <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: overlayPadded ? 24 : 0, maxWidth: 520 }}>{overlay}</div>
          </Flex>
        ) : null}
        <input
          ref={keyboardRef}
          aria-label={t('remote.keyboard')}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          // Off screen but focusable: a phone shows its keyboard for it. 16 px: iOS does not zoom in.
          style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, fontSize: 16, border: 0, padding: 0 }}
          onKeyDown={(event) => {
            const rfb = stream.rfb.current;
            if (rfb && event.key === 'Enter') {
              event.preventDefault();
              sendEnter(rfb);
            }
          }}
          onInput={(event) => {
            const rfb = stream.rfb.current;
            const input = event.nativeEvent as InputEvent;
            if (rfb && controlling && !input.isComposing) {
              if (input.inputType === 'deleteContentBackward') sendBackspace(rfb);
              else if (input.data) sendText(rfb, input.data);
            }
            // One space kept in the field, so Backspace always has something to delete.
            if (!input.isComposing) event.currentTarget.value = ' ';
          }}
          onCompositionEnd={(event) => {
            const rfb = stream.rfb.current;
            if (rfb && controlling && event.data) sendText(rfb, event.data);
            event.currentTarget.value = ' ';
          }}
          data-testid="remote-keyboard-input"
        />
      </div>
      <ClipboardDrawer
        open={clipboardOpen}
        phone={phone}
        canSend={controlling && connected}
        remoteText={stream.remoteClipboard}
        onSend={(text) => {
          stream.rfb.current?.clipboardPasteFrom(text);
          void message.success(t('remote.clipboardSent'));
        }}
        onClose={() => setClipboardOpen(false)}
      />
    </div>
  );
}
