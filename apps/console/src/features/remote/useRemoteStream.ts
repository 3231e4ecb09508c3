import RFB from '@novnc/novnc';
import { remoteTicketCall } from '@facet/contracts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { sendPasteKeys } from './remoteKeys.ts';
import { remoteStreamUrl } from './streamUrl.ts';

export type StreamPhase =
  | { phase: 'idle' }
  | { phase: 'connecting' }
  | { phase: 'connected' }
  /**
   * The socket closed, with the server's close code (REMOTE_STREAM_CLOSE) when it gave one, or
   * never opened: `error` is the ticket's refusal.
   */
  | { phase: 'closed'; error: unknown; code: number | null };

interface StreamOptions {
  runId: string;
  /** The run's display is up: only then is a socket opened. */
  running: boolean;
  /** This viewer controls: its keys, pointer and clipboard reach the host (the server enforces it too). */
  controlling: boolean;
  container: RefObject<HTMLDivElement | null>;
  /** The socket is up, as the run's viewer `viewerId` (the ticket names it). */
  onConnected: (viewerId: string) => void;
}

/**
 * One noVNC connection to a run's display, with a new ticket for every (re)connect. The picture is
 * scaled to the viewer's window; the remote display keeps the profile's size. Ctrl+V / Cmd+V in
 * the viewer sends the local clipboard's text to the remote clipboard, then pastes it there.
 */
export function useRemoteStream({ runId, running, controlling, container, onConnected }: StreamOptions) {
  const { api, config } = useRuntime();
  const [phase, setPhase] = useState<StreamPhase>({ phase: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [remoteClipboard, setRemoteClipboard] = useState('');
  const rfbRef = useRef<RFB | null>(null);
  const controllingRef = useRef(controlling);
  controllingRef.current = controlling;
  const callbacks = useRef({ onConnected });
  callbacks.current = { onConnected };

  useEffect(() => {
    const target = container.current;
    if (!running || !target) return;
    let cancelled = false;
    let rfb: RFB | null = null;
    setPhase({ phase: 'connecting' });
    let code: number | null = null;
    const closed = (error: unknown) => {
      if (!cancelled) setPhase({ phase: 'closed', error, code });
    };
    api
      .call(remoteTicketCall, { runId })
      .then((ticket) => {
        if (cancelled) return;
        // The socket is opened here and handed to noVNC, whose events do not tell its close code.
        const socket = new WebSocket(remoteStreamUrl(config.apiHost, window.location.href, ticket.ticket));
        socket.addEventListener('close', (event) => {
          code = event.code;
        });
        rfb = new RFB(target, socket, { shared: true });
        rfb.scaleViewport = true;
        rfb.resizeSession = false;
        rfb.viewOnly = !controllingRef.current;
        rfb.focusOnClick = true;
        rfb.background = 'transparent';
        rfbRef.current = rfb;
        rfb.addEventListener('connect', () => {
          if (cancelled) return;
          setPhase({ phase: 'connected' });
          callbacks.current.onConnected(ticket.viewerId);
        });
        rfb.addEventListener('disconnect', () => {
          // noVNC refuses (and logs) a disconnect() of a connection already gone.
          rfb = null;
          rfbRef.current = null;
          closed(null);
        });
        rfb.addEventListener('clipboard', (event) => {
          const text = (event as CustomEvent<{ text: string }>).detail.text;
          if (!cancelled) setRemoteClipboard(text);
        });
      })
      .catch(closed);
    return () => {
      cancelled = true;
      rfbRef.current = null;
      rfb?.disconnect();
      // The run left this account's sight (stopped, access ended): its picture goes with it, not
      // stays frozen behind what the page says.
      setPhase((now) => (now.phase === 'connected' || now.phase === 'connecting' ? { phase: 'closed', error: null, code } : now));
    };
  }, [api, attempt, config.apiHost, container, runId, running]);

  useEffect(() => {
    if (rfbRef.current) rfbRef.current.viewOnly = !controlling;
  }, [controlling, phase]);

  // Ctrl+V / Cmd+V: noVNC would swallow the key (and with it the browser's paste), so the key
  // stops before noVNC's listener on its canvas; the paste event that follows carries the text.
  useEffect(() => {
    const target = container.current;
    if (!target) return;
    let ctrlHeld = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!controllingRef.current || !rfbRef.current) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'v') {
        ctrlHeld = event.ctrlKey;
        event.stopPropagation();
      }
    };
    const onPaste = (event: ClipboardEvent) => {
      const rfb = rfbRef.current;
      if (!rfb || !controllingRef.current || !target.contains(document.activeElement)) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      event.preventDefault();
      if (text) rfb.clipboardPasteFrom(text);
      sendPasteKeys(rfb, ctrlHeld);
    };
    target.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('paste', onPaste);
    return () => {
      target.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('paste', onPaste);
    };
  }, [container]);

  const reconnect = useCallback(() => setAttempt((n) => n + 1), []);
  return { phase, reconnect, rfb: rfbRef, remoteClipboard };
}
