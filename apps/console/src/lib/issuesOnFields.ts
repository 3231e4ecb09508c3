import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { inputIssuesOf } from './refusal.ts';

type NamePath = (string | number)[];

/** "fingerprint.customHeaders.0.name" → ['fingerprint', 'customHeaders', 0, 'name'] (Form.List indices are numbers). */
const toNamePath = (path: string): NamePath => path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts the server's field issues of an "input abnormal" answer on the form's fields. The calls
 * wrap the form values (`settings`, `template`), so `prefix.` is stripped first; issues for
 * fields the form does not have are left out. Returns the fields marked and whether every issue
 * found a field (then nothing else needs showing).
 */
export function placeIssuesOnFields(error: unknown, form: FormInstance, t: TFunction, prefix: string): { placed: NamePath[]; all: boolean } {
  const issues = inputIssuesOf(error);
  if (issues.length === 0) return { placed: [], all: false };
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = issues
    .map((issue) => ({ name: toNamePath(issue.path.startsWith(`${prefix}.`) ? issue.path.slice(prefix.length + 1) : issue.path), key: issue.key }))
    // Cookies have no fields in the form; their problems are reported as a message.
    .filter(({ name }) => known.has(String(name[0])) && name[0] !== 'cookies');
  form.setFields(fields.map(({ name, key }) => ({ name, errors: [t(key)] })));
  return { placed: fields.map(({ name }) => name), all: fields.length === issues.length };
}
