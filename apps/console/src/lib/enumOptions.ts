import type { TFunction } from 'i18next';

/** Select options for an enum of the contracts, labelled from `${prefix}.${value}`. */
export function enumOptions<T extends string>(values: readonly T[], prefix: string, t: TFunction) {
  return values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
}
