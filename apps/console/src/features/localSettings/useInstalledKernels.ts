import type { Kernel } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { kernelsQueryKey, localSettingsBridge } from './localSettingsBridge.ts';

/**
 * The kernels installed on this machine (desktop client; empty in the browser version), for a
 * kernel select that offers what can actually start: `majors` as `kernelVersion` values.
 */
export function useInstalledKernels(): { kernels: Kernel[]; majors: string[] } {
  const { bridge } = useRuntime();
  const query = useQuery({ queryKey: kernelsQueryKey, queryFn: () => localSettingsBridge(bridge!).kernels(), enabled: bridge !== null, staleTime: 60_000 });
  return useMemo(() => {
    const kernels = query.data ?? [];
    return { kernels, majors: [...new Set(kernels.map((kernel) => String(kernel.major)))] };
  }, [query.data]);
}
