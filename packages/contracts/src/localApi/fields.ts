import { z } from 'zod';

/**
 * Parameters as AdsPower's scripts send them. Its documentation says every parameter is a string
 * ("API parameter type: string"): flags are "0"/"1", numbers "50", lists in a GET query a JSON
 * array ('["--mute-audio"]'). Scripts written against it send numbers and booleans too, so each
 * field takes the string and the plain JSON form, and turns out one type. A value of another
 * shape is refused, never guessed at.
 */

/** "1"/"0", 1/0, true/false (and "true"/"false"). */
export const flagField = z
  .union([z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1), z.boolean()])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** A whole number given as a number or a string of digits. */
export function intField(min: number, max: number) {
  return z
    .union([z.number().int(), z.string().regex(/^-?\d{1,15}$/)])
    .transform((value) => Number(value))
    .pipe(z.number().int().min(min).max(max));
}

/** AdsPower's ids are short strings of letters and digits; ours are the same length or shorter. */
export const localIdField = z.string().trim().regex(/^[\w-]{1,40}$/, { message: 'invalid_id' });

/** A profile's or group's id given as a string or a number (AdsPower's group ids are numeric). */
export const looseIdField = z.union([z.number().int().nonnegative(), z.string()]).transform(String).pipe(localIdField);

/**
 * A list: a JSON array, or in a query string the JSON text of one ('["a","b"]') or values
 * separated by commas ("a,b"). Empty text is an empty list.
 */
export function listField<T extends z.ZodType>(item: T, max: number) {
  return z
    .union([z.array(z.unknown()), z.string()])
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      const text = value.trim();
      if (text === '') return [];
      if (!text.startsWith('[')) return text.split(',').map((part) => part.trim()).filter(Boolean);
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'invalid_list' });
      return z.NEVER;
    })
    .pipe(z.array(item).max(max));
}

/** A profile named by id or by its number, as AdsPower's v1 (`user_id`, `serial_number`) and v2 (`profile_id`, `profile_no`) paths say it. */
export const profileRefFields = {
  user_id: localIdField.optional(),
  profile_id: localIdField.optional(),
  serial_number: intField(1, 1_000_000_000).optional(),
  profile_no: intField(1, 1_000_000_000).optional(),
};

/** Which profile a request names: by id (preferred, as AdsPower says) or by number. */
export type ProfileRef = { id: string } | { serial: number };

export function profileRefOf(input: { user_id?: string | undefined; profile_id?: string | undefined; serial_number?: number | undefined; profile_no?: number | undefined }): ProfileRef | null {
  const id = input.user_id ?? input.profile_id;
  if (id !== undefined) return { id };
  const serial = input.serial_number ?? input.profile_no;
  return serial === undefined ? null : { serial };
}

/** One profile named, by any of the four names: refused with `profile_id_required` when none is. */
export const profileRefSchema = z
  .object(profileRefFields)
  .refine((input) => profileRefOf(input) !== null, { message: 'profile_id_required', path: ['user_id'] });
