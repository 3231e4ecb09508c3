import { AsyncLocalStorage } from 'node:async_hooks';

/** What a change made during a call needs to know about where the call came from. */
interface RequestScope {
  /** Shown in the operation log as the machine name; worked out when a change asks for it. */
  machine: () => string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/**
 * The call layer runs each handler inside its scope, so a service writing the operation log can
 * name the machine without every service method taking the request as a parameter.
 */
export function runInScope<T>(scope: RequestScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** Outside any call (the operator CLI, a payment webhook) the caller says what to show. */
export function currentMachine(fallback: string): string {
  return storage.getStore()?.machine() ?? fallback;
}

/**
 * The desktop client sends its computer name; a browser gets a short "browser on system" from
 * its user agent. Capped to the column.
 */
export function machineName(clientInfo: string | null, userAgent: string): string {
  let info: { machine?: unknown; system?: unknown } = {};
  try {
    info = clientInfo ? (JSON.parse(clientInfo) as typeof info) : {};
  } catch {
    // A client info that is not JSON names nothing.
  }
  if (typeof info.machine === 'string' && info.machine.trim()) return info.machine.trim().slice(0, 100);
  const browser = /(Edg|OPR|Firefox|Chrome|Safari)\/(\d+)/.exec(userAgent);
  const system = /Windows|Mac OS X|Android|iPhone|iPad|Linux|CrOS/.exec(userAgent)?.[0]?.replace('Mac OS X', 'macOS');
  const parts = [browser ? `${browser[1] === 'Edg' ? 'Edge' : browser[1] === 'OPR' ? 'Opera' : browser[1]} ${browser[2]}` : null, system ?? (typeof info.system === 'string' ? info.system : null)].filter(Boolean);
  return (parts.join(' · ') || userAgent || 'unknown').slice(0, 100);
}
