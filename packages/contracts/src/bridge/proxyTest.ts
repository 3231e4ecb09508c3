import { z } from 'zod';
import { proxySchema } from '../profiles/proxy.ts';

/** "Test proxy": the proxy as the form holds it; the answer is what the check through it saw. */
export const testProxyParameterSchema = z.object({ proxy: proxySchema });
export const proxyTestResultSchema = z.object({
  ip: z.string(),
  latencyMs: z.number().int(),
  /** From the offline GeoIP database; absent for addresses it does not know (private ones). */
  country: z.string().optional(),
  timezone: z.string().optional(),
});
export type ProxyTestResult = z.infer<typeof proxyTestResultSchema>;
