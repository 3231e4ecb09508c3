import { z } from 'zod';

/**
 * AdsPower's kernel paths over the browsers installed on this machine. Facet runs profiles on the
 * Chromium (or Chrome) the system's packages installed and downloads no browser itself, so:
 * `kernels` lists what is installed; `download-kernel` answers an installed version as completed
 * (nothing to fetch) and refuses any other with `kernel_not_installed`, naming the installed
 * versions and how to install one; Firefox is `kernel_unsupported`.
 */
export const kernelTypes = ['Chrome', 'Firefox'] as const;

/** `GET /api/v2/browser-profile/kernels`: every kernel, or those of one type. */
export const kernelListQuerySchema = z.object({ kernel_type: z.enum(kernelTypes).optional() });

/** An installed kernel: its major version as AdsPower names kernels, and what Facet knows beside. */
export const adsKernelSchema = z.object({
  kernel_type: z.enum(kernelTypes),
  kernel_version: z.string(),
  /** The full version the binary reports, e.g. 156.0.8078.79. */
  version: z.string(),
  product: z.string(),
  path: z.string(),
  /** The one profiles without a kernel of their own start on. */
  is_default: z.boolean(),
  status: z.literal('installed'),
});
export const adsKernelListSchema = z.object({ list: z.array(adsKernelSchema) });

/** `POST /api/v2/browser-profile/download-kernel`: a major version ("141"), or `latest` / `ua_auto` for the default kernel. */
export const kernelDownloadBodySchema = z.object({
  kernel_type: z.enum(kernelTypes),
  kernel_version: z.string().trim().regex(/^(\d{2,3}|latest|ua_auto)$/, { message: 'kernel_version_invalid' }),
});
export const kernelDownloadedSchema = z.object({
  kernel_type: z.enum(kernelTypes),
  kernel_version: z.string(),
  status: z.literal('completed'),
  progress: z.literal(100),
});

/** How a kernel comes to this machine, named in the refusal of one that is not installed. */
export const KERNEL_INSTALL_HINT = 'Install Chromium from the system packages (Debian: apt-get install chromium) or set CHROME_PATH, then restart the agent.';

/** `POST /api/v2/browser-profile/update-patch`: taken, then refused with `patch_unsupported`. */
export const patchUpdateBodySchema = z.object({ version_type: z.enum(['stable', 'beta']).optional() });
