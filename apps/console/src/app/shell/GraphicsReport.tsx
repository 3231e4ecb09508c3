import { graphicsReportCall, type Member } from '@facet/contracts';
import { useEffect } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { readWebglData } from '../../lib/graphicsFacts.ts';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';

/**
 * Spec §3/§4 webgl/set_data: this computer's screen and graphics, sent once per account; the
 * flag is kept only when the server answered 0, so a failed send is tried at the next visit.
 */
export function GraphicsReport({ member }: { member: Member }) {
  const runtime = useRuntime();
  useEffect(() => {
    const flag = storageKeys.graphicsCheck(member.id);
    if (readString(flag) === '1') return;
    void runtime.api
      .call(graphicsReportCall, {
        screenResolution: `${window.screen.width}x${window.screen.height}`,
        devicePixelRatio: Math.min(8, Math.max(0.25, window.devicePixelRatio || 1)),
        userAgent: navigator.userAgent.slice(0, 512),
        webgldata: readWebglData(),
      })
      .then(() => writeString(flag, '1'))
      .catch(() => undefined);
  }, [runtime, member.id]);
  return null;
}
