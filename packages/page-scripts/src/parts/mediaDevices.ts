/**
 * Media devices: navigator.mediaDevices.enumerateDevices() lists the profile's microphones,
 * cameras and speakers instead of the machine's. As Chromium 156 does, a kind whose permission
 * (camera; microphone for both audio kinds) is not granted shows at most one entry with empty
 * deviceId, label and groupId (and getCapabilities() {}); a granted kind shows every device, a
 * "default" entry for audio (and "communications" on Windows), 64-hex ids that are stable per
 * profile and origin, and labels of the profile's platform. getUserMedia for a kind the profile
 * has none of fails as it does on a machine without one. The entries are real InputDeviceInfo /
 * MediaDeviceInfo instances as far as a page can tell: same prototype chain, getters and toJSON.
 */
export const mediaDevices = String.raw`
  if (options.mediaDevices && scope.MediaDevices && scope.MediaDeviceInfo) {
    var deviceCounts = options.mediaDevices;
    var MediaDeviceInfoProto = scope.MediaDeviceInfo.prototype;
    var InputDeviceInfoProto = scope.InputDeviceInfo ? scope.InputDeviceInfo.prototype : MediaDeviceInfoProto;
    var fakeDevices = new WeakMap();
    var makeDevice = function (fields) {
      var device = Object.create(fields.kind === 'audiooutput' ? MediaDeviceInfoProto : InputDeviceInfoProto);
      fakeDevices.set(device, fields);
      return device;
    };
    ['deviceId', 'kind', 'label', 'groupId'].forEach(function (name) {
      replaceGetter(MediaDeviceInfoProto, name, function (original) {
        var fields = fakeDevices.get(this);
        return fields ? fields[name] : original.call(this);
      });
    });
    replaceMethod(MediaDeviceInfoProto, 'toJSON', function (original, self, args) {
      var fields = fakeDevices.get(self);
      return fields ? { deviceId: fields.deviceId, kind: fields.kind, label: fields.label, groupId: fields.groupId } : original.apply(self, args);
    });
    replaceMethod(InputDeviceInfoProto, 'getCapabilities', function (original, self, args) {
      var fields = fakeDevices.get(self);
      if (!fields) return original.apply(self, args);
      if (!fields.deviceId) return {};
      if (fields.kind === 'audioinput') {
        return { autoGainControl: [true, false], channelCount: { max: 2, min: 1 }, deviceId: fields.deviceId, echoCancellation: [true, false, 'remote-only'], groupId: fields.groupId,
          latency: { max: 0.01, min: 0 }, noiseSuppression: [true, false], sampleRate: { max: 48000, min: 44100 }, sampleSize: { max: 16, min: 16 }, voiceIsolation: [false] };
      }
      return { aspectRatio: { max: 1280, min: 0.001388888888888889 }, deviceId: fields.deviceId, facingMode: [], frameRate: { max: 30, min: 1 }, groupId: fields.groupId,
        height: { max: 720, min: 1 }, resizeMode: ['none', 'crop-and-scale'], width: { max: 1280, min: 1 } };
    });

    var platformKind = /^Win/.test(options.platform) ? 'windows' : /^Mac/.test(options.platform) ? 'mac' : 'linux';
    var deviceLabels = {
      windows: {
        audioinput: ['Microphone Array (Realtek(R) Audio)', 'Headset Microphone (Jabra EVOLVE 20 MS)', 'Microphone (USB Audio Device)', 'Line In (Realtek(R) Audio)'],
        videoinput: ['Integrated Camera (04f2:b6d9)', 'Logitech HD Webcam C270 (046d:0825)', 'USB2.0 HD UVC WebCam (13d3:56bb)', 'OBS Virtual Camera'],
        audiooutput: ['Speakers (Realtek(R) Audio)', 'Headphones (Jabra EVOLVE 20 MS)', 'Speakers (USB Audio Device)', 'Realtek Digital Output (Realtek(R) Audio)'],
      },
      mac: {
        audioinput: ['MacBook Pro Microphone (Built-in)', 'AirPods Pro (Bluetooth)', 'External Microphone (Built-in)', 'USB Audio Device (0d8c:0014)'],
        videoinput: ['FaceTime HD Camera (Built-in) (05ac:8514)', 'Logitech Webcam C925e (046d:085b)', 'USB Camera (0c45:6366)', 'OBS Virtual Camera'],
        audiooutput: ['MacBook Pro Speakers (Built-in)', 'AirPods Pro (Bluetooth)', 'External Headphones (Built-in)', 'USB Audio Device (0d8c:0014)'],
      },
      linux: {
        audioinput: ['Built-in Audio Analog Stereo', 'HD Webcam C270 Mono', 'USB Audio Device Analog Mono', 'Jabra EVOLVE 20 MS Mono'],
        videoinput: ['Integrated Camera: Integrated C (04f2:b6d9)', 'HD Webcam C270 (046d:0825)', 'USB Camera: USB Camera (0c45:6366)', 'Dummy video device (0x0000)'],
        audiooutput: ['Built-in Audio Analog Stereo', 'USB Audio Device Analog Stereo', 'HDMI / DisplayPort 1 Output', 'HDMI / DisplayPort 2 Output'],
      },
    }[platformKind];
    var labelOf = function (kind, i) {
      var labels = deviceLabels[kind];
      return i < labels.length ? labels[i] : labels[i % labels.length].replace(/\(/, '(' + (Math.floor(i / labels.length) + 1) + '- ');
    };
    /** One kind as a site with (exposed) or without permission for it sees it. */
    var devicesOf = function (kind, exposed, origin) {
      var count = deviceCounts[kind] || 0;
      var list = [];
      if (!exposed) {
        if (count > 0) list.push(makeDevice({ deviceId: '', kind: kind, label: '', groupId: '' }));
        return list;
      }
      // A microphone and a speaker with the same number share a group, as a headset's do.
      var groupOf = function (i) { return hex64(41, origin + '|' + (kind === 'videoinput' ? 'video' : 'audio') + i); };
      if (count > 0 && kind !== 'videoinput') {
        var pseudo = platformKind === 'windows' ? ['default', 'communications'] : ['default'];
        pseudo.forEach(function (id) {
          list.push(makeDevice({ deviceId: id, kind: kind, label: (id === 'default' ? 'Default - ' : 'Communications - ') + labelOf(kind, 0), groupId: groupOf(0) }));
        });
      }
      for (var i = 0; i < count; i += 1) {
        list.push(makeDevice({ deviceId: hex64(37, origin + '|' + kind + i), kind: kind, label: labelOf(kind, i), groupId: groupOf(i) }));
      }
      return list;
    };
    var permissionsQuery = scope.Permissions && scope.Permissions.prototype.query;
    var permissionState = function (name) {
      if (!permissionsQuery || !scope.navigator.permissions) return Promise.resolve('prompt');
      return permissionsQuery.call(scope.navigator.permissions, { name: name }).then(function (status) { return status.state; }, function () { return 'prompt'; });
    };
    replaceMethod(scope.MediaDevices.prototype, 'enumerateDevices', function (original, self, args) {
      // The engine's own call first: it fails (or not) for the same reasons as before.
      return original.apply(self, args).then(function () {
        return Promise.all([permissionState('camera'), permissionState('microphone')]);
      }).then(function (states) {
        var origin = scope.location ? scope.location.origin : '';
        var microphone = states[1] === 'granted';
        return devicesOf('audioinput', microphone, origin).concat(devicesOf('videoinput', states[0] === 'granted', origin), devicesOf('audiooutput', microphone, origin));
      });
    });

    // Only a profile with none of a kind needs getUserMedia changed: otherwise the engine's own
    // call answers (a machine without the device fails it the same way), and nothing is replaced.
    if (!deviceCounts.audioinput || !deviceCounts.videoinput) {
      /** A request for a kind the profile has none of: the error of a machine without one. */
      var asksForMissing = function (constraints) {
        if (!constraints || typeof constraints !== 'object') return false;
        return (!!constraints.audio && !deviceCounts.audioinput) || (!!constraints.video && !deviceCounts.videoinput);
      };
      var notFound = function () { return new DOMException('Requested device not found', 'NotFoundError'); };
      replaceMethod(scope.MediaDevices.prototype, 'getUserMedia', function (original, self, args) {
        if (self instanceof scope.MediaDevices && asksForMissing(args[0])) return Promise.reject(notFound());
        return original.apply(self, args);
      });
      var legacyGetUserMedia = function (original, self, args) {
        if (self instanceof scope.Navigator && asksForMissing(args[0]) && typeof args[2] === 'function') {
          var onError = args[2];
          Promise.resolve().then(function () { onError(notFound()); });
          return undefined;
        }
        return original.apply(self, args);
      };
      replaceMethod(scope.Navigator && scope.Navigator.prototype, 'getUserMedia', legacyGetUserMedia);
      replaceMethod(scope.Navigator && scope.Navigator.prototype, 'webkitGetUserMedia', legacyGetUserMedia);
    }
  }
`;
