import { describe, expect, it } from 'vitest';
import { identityScript } from './identityScript.ts';
import { base, runIn, illegal } from '../test/runScript.ts';

describe('what the script installs', () => {
  it('is nothing at all when the profile changes nothing a script must carry', () => {
    expect(identityScript(base)).toBeNull();
  });

  it('replaces no shared built-in, and only what the options name', () => {
    const toString = Function.prototype.toString;
    class Navigator {
      get deviceMemory(): number {
        return this instanceof Navigator ? 16 : illegal();
      }
      get platform(): string {
        return this instanceof Navigator ? 'Linux x86_64' : illegal();
      }
    }
    const platformGetter = Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform')!.get;
    runIn({ Navigator }, { navigator: { deviceMemory: 4 } });
    expect(Function.prototype.toString).toBe(toString);
    expect(new Navigator().deviceMemory).toBe(4);
    expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform')!.get).toBe(platformGetter);
  });

  it('stands in with a proxy of the engine function: its name and keys, a wrong receiver still refused, a prototype cycle refused', () => {
    class Navigator {
      get deviceMemory(): number {
        return this instanceof Navigator ? 16 : illegal();
      }
    }
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory')!.get!;
    runIn({ Navigator }, { navigator: { deviceMemory: 2 } });
    const getter = Object.getOwnPropertyDescriptor(Navigator.prototype, 'deviceMemory')!.get!;
    expect(getter).not.toBe(original);
    expect([getter.name, getter.length, Object.getOwnPropertyNames(getter).sort()]).toEqual([original.name, original.length, Object.getOwnPropertyNames(original).sort()]);
    expect(() => getter.call({})).toThrow('Illegal invocation');
    // On a bare proxy this succeeds and the next lookup overflows the stack; the engine refuses it.
    expect(() => Object.setPrototypeOf(getter, Object.create(getter))).toThrow(TypeError);
    expect(Reflect.setPrototypeOf(getter, Object.create(getter))).toBe(false);
    expect(Object.getPrototypeOf(getter)).toBe(Function.prototype);
    // A page's own proxy whose chain never ends: taken as no cycle, as the engine takes it, and no hang.
    const endless: object = new Proxy({}, { getPrototypeOf: () => endless });
    expect(Reflect.setPrototypeOf(getter, endless)).toBe(true);
    expect(Reflect.setPrototypeOf(getter, Function.prototype)).toBe(true);
  });

  it('gives workers only the worker fields', () => {
    class WorkerNavigator {
      get platform(): string {
        return this instanceof WorkerNavigator ? 'Linux x86_64' : illegal();
      }
    }
    runIn({ WorkerNavigator }, { workerNavigator: { platform: 'Win32' } });
    expect(new WorkerNavigator().platform).toBe('Win32');
    class Navigator {
      get platform(): string {
        return this instanceof Navigator ? 'Linux x86_64' : illegal();
      }
    }
    // A window (it has a document) keeps what CDP gives it.
    runIn({ Navigator, document: {} }, { workerNavigator: { platform: 'Win32' } });
    expect(new Navigator().platform).toBe('Linux x86_64');
  });
});
