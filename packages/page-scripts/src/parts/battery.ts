/**
 * Battery: the BatteryManager that navigator.getBattery() resolves to (the engine's own object,
 * so getBattery, events and prototypes stay native) reports the profile's battery, derived from
 * its seed and so the same at every start: a desktop on mains (charging, full, 0 s to charge,
 * discharging time Infinity, as Chromium reports a machine without a battery), a laptop running
 * down, or one charging. Level in steps of 0.01; the times are whole seconds and agree with it.
 */
export const battery = String.raw`
  if (options.battery && scope.BatteryManager) {
    var batteryState = (function () {
      var shape = noiseAt(23, 0) % 10;
      var r1 = noiseAt(23, 1);
      var r2 = noiseAt(23, 2);
      if (shape < 4) return { charging: true, level: 1, chargingTime: 0, dischargingTime: Infinity };
      if (shape < 7) {
        // 20–99 %, a full battery lasting 3.5–7.5 h.
        var left = 20 + (r1 % 80);
        return { charging: false, level: left / 100, chargingTime: Infinity, dischargingTime: Math.round((left / 100) * (12600 + (r2 % 14400))) };
      }
      // 10–97 %, a full charge taking 1.5–3 h.
      var charged = 10 + (r1 % 88);
      return { charging: true, level: charged / 100, chargingTime: Math.round((1 - charged / 100) * (5400 + (r2 % 5400))), dischargingTime: Infinity };
    })();
    ['charging', 'level', 'chargingTime', 'dischargingTime'].forEach(function (name) {
      replaceGetter(scope.BatteryManager.prototype, name, function (original) {
        // Through the engine's getter first: a wrong receiver fails exactly as before.
        original.call(this);
        return batteryState[name];
      });
    });
  }
`;
