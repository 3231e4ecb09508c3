import { z } from 'zod';

/**
 * The fields many tools share, with limits: a model's input is as untrusted as a web form's, and
 * the local API checks it again; these limits only keep nonsense from travelling that far.
 */
export const id = z.string().min(1).max(64);
export const ids = (max: number) => z.array(id).min(1).max(max);
export const numericId = z.string().regex(/^\d{1,20}$/, 'a numeric string, e.g. "123"');
export const page = z.number().int().min(1).max(100_000).optional().describe('Page number, default 1');
export const shortText = (max: number) => z.string().max(max);
export const switch01 = z.enum(['0', '1']);
