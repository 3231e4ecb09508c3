import { KERNEL_INSTALL_HINT, type Kernel } from '@facet/contracts';
import type { LocalContext, LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';
import { adsKernel } from '../mapping/adsCatalogRows.ts';

/**
 * AdsPower's kernel and patch paths. Facet runs profiles on the browsers the system's packages
 * installed and downloads none, so these say what is installed and refuse what would need a
 * download, with a code and the way to install one (packages/contracts/src/localApi/kernels.ts).
 */

async function installed(ctx: LocalContext): Promise<Kernel[]> {
  if (!ctx.kernels) throw new LocalApiFailure('not_found', 404);
  return ctx.kernels();
}

export const kernelHandlers: Pick<LocalHandlers, 'kernelList' | 'kernelDownload' | 'patchUpdate'> = {
  kernelList: async ({ kernel_type }, ctx) => {
    const kernels = await installed(ctx);
    return { list: kernel_type === 'Firefox' ? [] : kernels.map(adsKernel) };
  },
  kernelDownload: async ({ kernel_type, kernel_version }, ctx) => {
    if (kernel_type === 'Firefox') throw new LocalApiFailure('kernel_unsupported', 200, { kernel_type });
    const kernels = await installed(ctx);
    const wantsDefault = kernel_version === 'latest' || kernel_version === 'ua_auto';
    const found = wantsDefault ? kernels[0] : kernels.find((kernel) => kernel.major === Number(kernel_version));
    if (!found) {
      throw new LocalApiFailure('kernel_not_installed', 200, { kernel_type, kernel_version, installed: kernels.map((kernel) => String(kernel.major)), install: KERNEL_INSTALL_HINT });
    }
    // Already here: nothing to fetch, so the "download" is complete at once.
    return { kernel_type, kernel_version: String(found.major), status: 'completed', progress: 100 };
  },
  patchUpdate: async ({ version_type }, ctx) => {
    throw new LocalApiFailure('patch_unsupported', 200, { version: ctx.version ?? '', version_type: version_type ?? 'stable' });
  },
};
