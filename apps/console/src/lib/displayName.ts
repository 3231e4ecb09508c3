import { UNBOUND, type Member } from '@facet/contracts';

const bound = (value: string | null | undefined) => (value && value !== UNBOUND ? value : null);

/** Menu header: name, else e-mail, else phone, else the default label (spec §2). */
export function displayName(member: Pick<Member, 'name' | 'email' | 'phone'> | null | undefined, defaultLabel: string): string {
  return bound(member?.name) ?? bound(member?.email) ?? bound(member?.phone) ?? defaultLabel;
}
