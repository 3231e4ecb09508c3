import type { OperationLogEntry } from '@facet/contracts';
import type { TFunction } from 'i18next';

interface EntryTextTools {
  t: TFunction;
  /** Formats a moment (a plan's end) in the console's language. */
  formatDate: (ms: number) => string;
  /** Joins names as the language does ("a, b and c"). */
  joinList: (items: string[]) => string;
}

/** Sub-account fields `subAccount.update` may name (contracts keep them as a comma-separated list). */
const subAccountFields = new Set(['nickname', 'platformAccount', 'password']);

const numberOf = (value: string | number | undefined): number => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const textOf = (value: string | number | undefined): string => (value === undefined ? '' : String(value));

/**
 * The log entry as a sentence in the console's language: `operlog.action.<action>` filled with
 * the entry's details and subject. Counts pick the language's plural form through i18next; a few
 * actions have a second wording for when a detail is absent (no new group, no profiles, no name).
 */
export function entryText(entry: OperationLogEntry, { t, formatDate, joinList }: EntryTextTools): string {
  const { details, subject } = entry;
  const count = numberOf(details.count);
  switch (entry.action) {
    case 'profile.update':
      return t('operlog.action.profile.update', { subject });
    case 'profile.moveGroup': {
      const group = textOf(details.group);
      return group ? t('operlog.action.profile.moveGroup', { count, group, subject }) : t('operlog.action.profile.moveUngrouped', { count, subject });
    }
    case 'profile.share':
      return t('operlog.action.profile.share', { count, recipients: textOf(details.recipients), subject });
    case 'profile.sharePermission':
      return t('operlog.action.profile.sharePermission', { count, permission: t(`sharing.permission.${textOf(details.permission) || 'run'}`), subject });
    case 'profile.transfer':
      return t('operlog.action.profile.transfer', { count, to: textOf(details.to), subject });
    case 'profile.tag':
      return t('operlog.action.profile.tag', { count, added: textOf(details.added) || '—', removed: textOf(details.removed) || '—', subject });
    case 'tag.update': {
      const from = textOf(details.from);
      return from ? t('operlog.action.tag.rename', { from, subject }) : t('operlog.action.tag.update', { subject });
    }
    case 'browser.open':
    case 'browser.close':
      return t(`operlog.action.${entry.action}`, { device: textOf(details.device) || entry.machine, subject });
    case 'group.update': {
      const from = textOf(details.from);
      return from ? t('operlog.action.group.rename', { from, subject }) : t('operlog.action.group.update', { subject });
    }
    case 'subAccount.update': {
      const fields = textOf(details.fields)
        .split(',')
        .filter((field) => subAccountFields.has(field))
        .map((field) => t(`operlog.field.${field}`));
      return fields.length > 0 ? t('operlog.action.subAccount.updateFields', { fields: joinList(fields), subject }) : t('operlog.action.subAccount.update', { subject });
    }
    case 'subAccount.delete': {
      const profiles = numberOf(details.profiles);
      return profiles > 0 ? t('operlog.action.subAccount.deleteWithProfiles', { count: profiles, subject }) : t('operlog.action.subAccount.delete', { subject });
    }
    case 'plan.paid':
      return t('operlog.action.plan.paid', { count: numberOf(details.months), order: textOf(details.order), until: formatDate(numberOf(details.until)), subject });
    case 'plan.trial':
      return t('operlog.action.plan.trial', { until: formatDate(numberOf(details.until)), subject });
    case 'plan.ended':
      return subject ? t('operlog.action.plan.ended', { subject }) : t('operlog.action.plan.endedUnnamed');
    case 'plan.reward':
      // applied 0: the inviter has no plan yet; the days wait for its first one.
      return t(numberOf(details.applied) ? 'operlog.action.plan.reward' : 'operlog.action.plan.rewardKept', { count: numberOf(details.days), subject });
    case 'settings.update':
      return t('operlog.action.settings.update');
    case 'plugin.upload':
    case 'plugin.newVersion':
      return t(`operlog.action.${entry.action}`, { version: textOf(details.version), subject });
    case 'plugin.update': {
      const from = textOf(details.from);
      return from ? t('operlog.action.plugin.rename', { from, subject }) : t('operlog.action.plugin.update', { subject });
    }
    case 'plugin.remove': {
      const assignments = numberOf(details.assignments);
      return assignments > 0 ? t('operlog.action.plugin.removeWithAssignments', { count: assignments, subject }) : t('operlog.action.plugin.remove', { subject });
    }
    case 'plugin.enable':
      return t('operlog.action.plugin.enable', { account: textOf(details.account), version: textOf(details.version), subject });
    case 'plugin.disable':
      return t('operlog.action.plugin.disable', { account: textOf(details.account), subject });
    case 'plugin.assign':
      return t('operlog.action.plugin.assign', { version: textOf(details.version), profiles: numberOf(details.profiles), groups: numberOf(details.groups), subject });
    case 'plugin.unassign':
      return t('operlog.action.plugin.unassign', { profiles: numberOf(details.profiles), groups: numberOf(details.groups), subject });
    case 'plugin.moveVersion':
      return t('operlog.action.plugin.moveVersion', { count, version: textOf(details.version), subject });
    case 'plugin.disableEverywhere':
    case 'plugin.enableEverywhere':
      return t(`operlog.action.${entry.action}`, { subject });
    case 'group.create':
    case 'group.delete':
    case 'subAccount.create':
    case 'tag.create':
      return t(`operlog.action.${entry.action}`, { subject });
    case 'profile.create':
    case 'profile.batchCreate':
    case 'profile.import':
    case 'profile.delete':
    case 'profile.restore':
    case 'profile.purge':
    case 'profile.emptyBin':
    case 'profile.remark':
    case 'profile.unshare':
    case 'profile.export':
    case 'profile.cookies':
    case 'tag.delete':
      return t(`operlog.action.${entry.action}`, { count, subject });
    default:
      // An action this console has no sentence for yet (contracts gain actions before the
      // locales do): its own key if one exists, else its id and the names, never a blank cell.
      {
        const key = `operlog.action.${entry.action}`;
        const text = t(key, { ...details, count, subject });
        // i18next answers a missing key with the key itself.
        return text === key ? (subject ? `${entry.action}: ${subject}` : entry.action) : text;
      }
  }
}
