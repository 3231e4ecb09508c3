import { validatePasswordsMatch, type Rule as ContractRule } from '@facet/contracts';
import type { Rule as AntRule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Turns a shared validation rule (contracts) into an antd form rule showing its message. */
export function fromContract<T>(rule: ContractRule<T>, t: TFunction): AntRule {
  return {
    validator: async (_meta, value: T) => {
      const key = rule(value ?? ('' as T));
      if (key) throw new Error(t(key));
    },
  };
}

/** "Confirm password": required, and equal to the field named `passwordField`. */
export function confirmPasswordRule(t: TFunction, passwordField = 'passwd'): AntRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string) => {
      const key = value ? validatePasswordsMatch(getFieldValue(passwordField) as string, value) : 'validation.password.required';
      if (key) throw new Error(t(key));
    },
  });
}
