import { describe, expect, it } from 'vitest';
import { runIn, illegal } from '../../test/runScript.ts';

describe('battery', () => {
  /** A stand-in BatteryManager whose getters, like the engine's, refuse a foreign receiver. */
  const batteryFor = (noiseSeed: number) => {
    class BatteryManager {
      get charging(): boolean {
        return this instanceof BatteryManager ? true : illegal();
      }
      get level(): number {
        return this instanceof BatteryManager ? 1 : illegal();
      }
      get chargingTime(): number {
        return this instanceof BatteryManager ? 0 : illegal();
      }
      get dischargingTime(): number {
        return this instanceof BatteryManager ? Infinity : illegal();
      }
    }
    runIn({ BatteryManager }, { battery: true, noiseSeed });
    expect(() => Object.getOwnPropertyDescriptor(BatteryManager.prototype, 'level')!.get!.call({})).toThrow('Illegal invocation');
    const { charging, level, chargingTime, dischargingTime } = new BatteryManager();
    return { charging, level, chargingTime, dischargingTime };
  };

  it('is plausible for every seed, the same for the same seed, and differs between seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const battery = batteryFor(seed);
      expect(Math.round(battery.level * 100) / 100).toBe(battery.level);
      expect(battery.level).toBeGreaterThan(0);
      expect(battery.level).toBeLessThanOrEqual(1);
      if (battery.charging) {
        expect(battery.dischargingTime).toBe(Infinity);
        expect(battery.chargingTime === 0).toBe(battery.level === 1);
        expect(Number.isInteger(battery.chargingTime)).toBe(true);
      } else {
        expect(battery.chargingTime).toBe(Infinity);
        expect(Number.isInteger(battery.dischargingTime) && battery.dischargingTime > 0).toBe(true);
      }
      seen.add(JSON.stringify(battery));
    }
    // Desktops on mains all look alike; the laptops spread.
    expect(seen.size).toBeGreaterThan(100);
    expect(batteryFor(7)).toEqual(batteryFor(7));
  });
});
