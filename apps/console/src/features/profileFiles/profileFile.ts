import { PROFILE_FILE_FORMAT, profileFileSchema, type ExportedProfile, type ImportedProfileInput } from '@facet/contracts';
import type { SheetResult } from './profileSheet.ts';

/** Our JSON: an envelope that says what it is, then the profiles as the export call gave them. */
export function profilesToJson(profiles: readonly ExportedProfile[], now: number): string {
  return JSON.stringify({ format: PROFILE_FILE_FORMAT, version: 1, exportedAt: now, profiles }, null, 2);
}

/** Profiles from our JSON; "row" is the profile's position in the file, from 1. */
export function profilesFromJson(text: string): SheetResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, row: 0, key: 'profileFiles.badFile' };
  }
  const file = profileFileSchema.safeParse(parsed);
  if (!file.success) return { ok: false, row: 0, key: 'profileFiles.notOurs' };
  if (file.data.profiles.length === 0) return { ok: false, row: 0, key: 'profileFiles.empty' };
  return { ok: true, profiles: file.data.profiles as ImportedProfileInput[], rows: file.data.profiles.map((_, i) => i + 1) };
}

/**
 * The row a server refusal names: its issue paths read `profiles.N.field`; N is the profile's
 * index in the call, which `rows` maps to the sheet row (or position in the JSON file).
 */
export function rowOfIssue(path: string, rows: readonly number[]): { row: number; field: string } | null {
  const match = /^profiles\.(\d+)\.?(.*)$/.exec(path);
  if (!match) return null;
  const row = rows[Number(match[1])];
  return row === undefined ? null : { row, field: match[2] ?? '' };
}
