import type { SynchronizerOptionsInput } from '@facet/contracts';

/**
 * The advanced settings the start dialog offers, with the bounds synchronizerOptionsSchema
 * (packages/contracts synchronizer.ts) puts on them and its defaults; the agent checks them again.
 */
export const synchronizerOptionFields = [
  { name: 'minDelayMs', labelKey: 'synchronizer.options.minDelay', max: 5_000, initial: 20 },
  { name: 'maxDelayMs', labelKey: 'synchronizer.options.maxDelay', max: 5_000, initial: 90 },
  { name: 'jitterPx', labelKey: 'synchronizer.options.jitter', max: 20, initial: 3 },
  { name: 'navigationSettleMs', labelKey: 'synchronizer.options.settle', max: 30_000, initial: 1_500 },
] as const satisfies readonly { name: keyof SynchronizerOptionsInput; labelKey: string; max: number; initial: number }[];

export type SynchronizerOptionValues = Required<SynchronizerOptionsInput>;

export const initialOptionValues = Object.fromEntries(synchronizerOptionFields.map((field) => [field.name, field.initial])) as SynchronizerOptionValues;
