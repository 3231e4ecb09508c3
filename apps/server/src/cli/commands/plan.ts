import { UNLIMITED } from '@facet/contracts';
import type { Insertable } from 'kysely';
import type { PlansTable } from '../../db/schema.ts';
import type { Services } from '../../services/container.ts';
import { newId } from '../../security/tokens.ts';
import { CommandError, parseFlags, requireFlag, UsageError } from '../args.ts';

const planFlags = ['name', 'price', 'currency', 'profiles', 'subaccounts', 'storage', 'description', 'sort'];

/** `admin plan list | add --name … | update ID --name … | retire ID`: the operator's catalogue. */
export async function plan(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const [action, ...rest] = args;
  const plans = services.repositories.plans;
  switch (action) {
    case 'list': {
      parseFlags(rest, []);
      out(['id', 'name', 'price/month', 'profiles', 'sub-accounts', 'storage', 'state', 'description'].join('\t'));
      for (const p of await plans.listAll()) {
        out([p.id, p.name, formatPrice(p.monthly_price, p.currency), limitText(p.profiles), limitText(p.sub_accounts), storageText(p.storage_mb), p.retired_at ? 'retired' : 'offered', p.description].join('\t'));
      }
      return;
    }
    case 'add': {
      const flags = parseFlags(rest, planFlags);
      const currency = parseCurrency(requireFlag(flags, 'currency'));
      const row: Insertable<PlansTable> = {
        id: newId('plan'),
        name: parseName(requireFlag(flags, 'name')),
        monthly_price: parsePrice(requireFlag(flags, 'price'), currency),
        currency,
        profiles: parseLimit(requireFlag(flags, 'profiles'), 'profiles'),
        sub_accounts: parseLimit(requireFlag(flags, 'subaccounts'), 'subaccounts'),
        // Optional, unlike the counts: storage came later, and scripts written before still work.
        storage_mb: flags.storage === undefined ? UNLIMITED : parseStorage(flags.storage),
        description: parseDescription(flags.description ?? ''),
        sort: flags.sort === undefined ? 0 : parseWhole(flags.sort, 'sort'),
        retired_at: null,
        created_at: services.clock.now(),
      };
      await plans.insert(row);
      out(row.id);
      return;
    }
    case 'update': {
      const [id, ...flagArgs] = rest;
      if (!id || id.startsWith('--')) throw new UsageError('plan update needs the plan id');
      const existing = await plans.find(id);
      if (!existing) throw new CommandError(`no plan ${id}`);
      const flags = parseFlags(flagArgs, planFlags);
      const currency = flags.currency === undefined ? existing.currency : parseCurrency(flags.currency);
      // Accounts keep the limits they paid for; a change applies to orders from now on.
      await plans.update(id, {
        ...(flags.name !== undefined ? { name: parseName(flags.name) } : {}),
        ...(flags.price !== undefined || flags.currency !== undefined ? { monthly_price: parsePrice(flags.price ?? String(existing.monthly_price / 10 ** fractionDigits(existing.currency)), currency), currency } : {}),
        ...(flags.profiles !== undefined ? { profiles: parseLimit(flags.profiles, 'profiles') } : {}),
        ...(flags.subaccounts !== undefined ? { sub_accounts: parseLimit(flags.subaccounts, 'subaccounts') } : {}),
        ...(flags.storage !== undefined ? { storage_mb: parseStorage(flags.storage) } : {}),
        ...(flags.description !== undefined ? { description: parseDescription(flags.description) } : {}),
        ...(flags.sort !== undefined ? { sort: parseWhole(flags.sort, 'sort') } : {}),
      });
      out(`plan ${id} updated`);
      return;
    }
    case 'retire': {
      const [id, ...extra] = rest;
      if (!id || extra.length > 0) throw new UsageError('plan retire needs exactly the plan id');
      if ((await plans.update(id, { retired_at: services.clock.now() })) === 0) throw new CommandError(`no plan ${id}`);
      out(`plan ${id} is no longer offered; accounts on it keep it until it ends`);
      return;
    }
    case 'end': {
      // Ends an account's plan now (a charge-back, a terms breach): its profile functions are
      // restricted until it pays again, exactly as when a plan runs out.
      const flags = parseFlags(rest, ['email']);
      const email = requireFlag(flags, 'email').trim().toLowerCase();
      const account = await services.repositories.accounts.findByEmail(email);
      if (!account) throw new CommandError(`no account with e-mail ${email}`);
      if (!(await services.payments.endPlan(account))) throw new CommandError(`${email} has no plan in force`);
      out(`plan of ${email} ended`);
      return;
    }
    default:
      throw new UsageError('plan needs one of: list, add, update, retire, end');
  }
}

function parseName(value: string): string {
  const name = value.trim();
  if (name.length < 1 || name.length > 60) throw new UsageError('--name must be 1 to 60 characters');
  return name;
}

function parseDescription(value: string): string {
  if (value.length > 500) throw new UsageError('--description must be at most 500 characters');
  return value.trim();
}

function parseCurrency(value: string): string {
  const currency = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) throw new UsageError(`--currency must be an ISO 4217 code such as USD, got "${value}"`);
  // Amounts travel in cents and the console shows two decimals: currencies without cents (JPY,
  // KRW) or with three (KWD) would show wrong prices, so they are refused rather than mis-shown.
  if (fractionDigits(currency) !== 2) throw new UsageError(`--currency ${currency} has no cents; use a currency with two decimals (USD, EUR, CNY, GBP …)`);
  return currency;
}

/** Digits after the point for the currency (2 for USD, 0 for JPY). */
function fractionDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "9.99" USD → 999: prices are stored in the currency's smallest unit. */
function parsePrice(value: string, currency: string): number {
  const digits = fractionDigits(currency);
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(value.trim())) throw new UsageError(`--price must be an amount such as ${digits === 0 ? '1000' : '9.99'} (at most ${digits} decimals for ${currency}), got "${value}"`);
  const [whole, fraction = ''] = value.trim().split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

function parseLimit(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < UNLIMITED || n > 1_000_000) throw new UsageError(`--${name} must be a whole number, or -1 for unlimited`);
  return n;
}

/** Megabytes, or -1 for unlimited; up to 1 PB, far beyond any plan but within an integer column. */
function parseStorage(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < UNLIMITED || n > 1_000_000_000) throw new UsageError('--storage must be megabytes as a whole number (1024 = 1 GB), or -1 for unlimited');
  return n;
}

function storageText(megabytes: number): string {
  return megabytes === UNLIMITED ? 'unlimited' : `${megabytes} MB`;
}

function parseWhole(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) throw new UsageError(`--${name} must be a whole number`);
  return n;
}

function limitText(n: number): string {
  return n === UNLIMITED ? 'unlimited' : String(n);
}

export function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 10 ** fractionDigits(currency));
}
