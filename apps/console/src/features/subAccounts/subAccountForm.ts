// What the sub-account form holds and the rules of its fields: the desktop dialog and the mobile page share them.
import { validateNewPassword, validatePasswordsMatch, type GroupGrant, type Rule } from '@facet/contracts';
import type { Rule as FormRule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The call's limits (contracts `subAccounts.ts`), mirrored so the inputs stop where the server would refuse. */
export const NICKNAME_MAX = 30;
export const PLATFORM_ACCOUNT_MAX = 100;

export interface SubAccountForm {
  username: string;
  nickname: string;
  platformAccount: string;
  password: string;
  confirm: string;
  /** Absent (the mobile page has no such field): the authorized groups stay as they are. */
  groupGrants?: GroupGrant[];
}

/** On edit the password may stay blank (unchanged); what is typed follows the new-password rule. */
export const optionalNewPassword: Rule = (value) => (value ? validateNewPassword(value) : null);

/** On edit the confirmation is needed only once a new password is typed. */
export function optionalConfirmRule(t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      const password = getFieldValue('password') as string | undefined;
      if (!password && !value) return;
      const key = value ? validatePasswordsMatch(password ?? '', value) : 'validation.password.required';
      if (key) throw new Error(t(key));
    },
  });
}
