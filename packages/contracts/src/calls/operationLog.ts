import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { pageField, pageOf, pageSizeField } from '../profiles/listing.ts';

/**
 * The operation log (spec §2, §3): who changed what, from which machine, when. Each entry's
 * text is the console's `operlog.action.<action>` message filled with `details`; `subject` is the
 * names involved (what the keyword search looks in).
 */
export const operationActions = [
  'profile.create',
  'profile.batchCreate',
  'profile.import',
  'profile.update',
  'profile.delete',
  'profile.restore',
  'profile.purge',
  'profile.emptyBin',
  'profile.moveGroup',
  'profile.remark',
  'profile.share',
  'profile.unshare',
  'profile.sharePermission',
  'profile.transfer',
  /** A file of profiles with their proxy passwords and cookies in plain text left the server. */
  'profile.export',
  /** A profile's cookies replaced by hand (an import), not what its browser held at a stop. */
  'profile.cookies',
  'profile.tag',
  'tag.create',
  'tag.update',
  'tag.delete',
  /** A profile's browser opened or closed, by whoever ran it, on the machine that held it (`details.device`). */
  'browser.open',
  'browser.close',
  'group.create',
  'group.update',
  'group.delete',
  'subAccount.create',
  'subAccount.update',
  'subAccount.delete',
  'plan.paid',
  'plan.trial',
  'plan.ended',
  'plan.reward',
  'settings.update',
  'plugin.upload',
  'plugin.newVersion',
  'plugin.update',
  'plugin.remove',
  'plugin.enable',
  'plugin.disable',
  'plugin.disableEverywhere',
  'plugin.enableEverywhere',
  'plugin.assign',
  'plugin.unassign',
  'plugin.moveVersion',
] as const;
export type OperationAction = (typeof operationActions)[number];

export const operationLogEntrySchema = z.object({
  id: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  /** The machine the change came from: the desktop client's computer name, else the browser and system. */
  machine: z.string(),
  action: z.enum(operationActions),
  subject: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.number().int(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntrySchema>;

export const operationLogListCall = defineCall({
  path: 'operlog/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'operation-log',
  summary: 'The team’s operation log, newest first: the main account’s changes and its sub-accounts’. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY],
  request: z.object({
    page: pageField,
    limit: pageSizeField,
    /** Looked for in the names involved and the machine. */
    keyword: z.string().trim().max(100).default(''),
    /** One account of the team (the main account or a sub-account); left out: all. */
    accountId: z.string().max(40).optional(),
    /** Inclusive range, ms since the epoch. */
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
  }),
  response: pageOf(operationLogEntrySchema),
});
