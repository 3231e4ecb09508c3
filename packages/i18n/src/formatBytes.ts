const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * Bytes as a person reads them, in their language ("1.5 GB", "1,5 Go", "1.5 ГБ"), in steps of
 * 1024 as file managers count, from kB up (Intl's short "byte" reads "0 byte" in English). Units
 * come from Intl, so no locale file needs them. Its own entry (`@facet/i18n/formatBytes`), so the
 * console can use it without bundling every locale; the server's messages use it too.
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
