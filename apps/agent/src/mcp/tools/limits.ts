import { z } from 'zod';

// The fields many tools share, with limits: a model's input is as untrusted as a web form's, and
// the local API checks it again; these limits only keep nonsense from travelling that far.

/** Ids as the local API takes them (letters, digits, _ and -); AdsPower's are numeric, Facet's need not be. */
export const id = z.string().regex(/^[\w-]{1,40}$/, 'an id: letters, digits, _ or -');
export const ids = (max: number) => z.array(id).min(1).max(max);
/** A group's id ("0": no group), as get-group-list answers it. */
export const groupId = id;
export const page = z.number().int().min(1).max(100_000).optional().describe('Page number, default 1');
export const shortText = (max: number) => z.string().max(max);
export const switch01 = z.enum(['0', '1']);
