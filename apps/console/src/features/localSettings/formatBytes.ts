const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * Bytes as a person reads them, in the console's language ("1.5 GB", "1,5 Go", "1.5 ГБ"), in
 * steps of 1024 as file managers count, from kB up (Intl's short "byte" reads "0 byte" in
 * English). Units come from Intl, so no locale file needs them.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes) / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: value >= 100 ? 0 : 1 }).format(value);
}

/** The short name of a gigabyte in a language ("GB", "Go", "ГБ"), for the disk-minimum field. */
export function gigabyteUnit(language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'gigabyte', unitDisplay: 'short' }).formatToParts(1).find((part) => part.type === 'unit')?.value ?? 'GB';
}
