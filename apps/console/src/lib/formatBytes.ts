// One formatter for the console and the server's messages ("18.4 MB of 20 MB").
export { formatBytes } from '@facet/i18n/formatBytes';

/** The short name of a gigabyte in a language ("GB", "Go", "ГБ"), for the disk-minimum field. */
export function gigabyteUnit(language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'gigabyte', unitDisplay: 'short' }).formatToParts(1).find((part) => part.type === 'unit')?.value ?? 'GB';
}
