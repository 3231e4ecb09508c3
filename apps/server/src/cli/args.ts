/** `--name value` pairs after the command words; throws UsageError on anything else. */
export class UsageError extends Error {}

export function parseFlags(args: readonly string[], allowed: readonly string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!name.startsWith('--') || !allowed.includes(name.slice(2))) throw new UsageError(`unknown argument ${name}`);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    flags[name.slice(2)] = value;
  }
  return flags;
}

export function requireFlag(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A command that could not do what was asked; its message is the whole story (exit code 1). */
export class CommandError extends Error {}
