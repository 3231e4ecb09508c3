/**
 * WebRTC.
 *  - "disabled": every WebRTC interface (RTCPeerConnection and its webkit alias, RTCDataChannel,
 *    RTCIceCandidate, … in windows; RTCDataChannel, RTCRtpScriptTransformer, … in workers) is
 *    absent, as in a browser built or configured without WebRTC.
 *  - "replace": nothing a page reads of its own peer connections names an address of this
 *    machine. Host candidates with an IP (Chromium gives those once the site may use the camera
 *    or microphone; otherwise it gives mDNS names, which are kept) and server/peer-reflexive
 *    candidates (the machine's address as a STUN server saw it, never the proxy's: an HTTP or
 *    SOCKS proxy carries no UDP) are dropped from icecandidate events and from the SDP of
 *    local descriptions and offers/answers (c= lines naming them become 0.0.0.0), and their
 *    getStats() local-candidate entries lose the address, as an mDNS candidate's has none. Relay
 *    (TURN) candidates name the relay, and are kept.
 * The sure way is for Chromium not to gather them at all (the webrtc.ip_handling_policy
 * preference, disable_non_proxied_udp): then this finds nothing to drop. Whichever way, a remote
 * peer that receives UDP straight from the machine still sees where it came from.
 */
export const webrtc = String.raw`
  if (options.webrtc === 'disabled') {
    Object.getOwnPropertyNames(scope).forEach(function (name) {
      if (!/^(webkit)?RTC[A-Z]/.test(name)) return;
      var descriptor = Object.getOwnPropertyDescriptor(scope, name);
      if (descriptor && descriptor.configurable && typeof descriptor.value === 'function') delete scope[name];
    });
  }

  if (options.webrtc === 'replace' && scope.RTCPeerConnection && scope.RTCPeerConnectionIceEvent && scope.RTCIceCandidate && scope.RTCSessionDescription) {
    var ipAddress = /^(\d{1,3}(\.\d{1,3}){3}|\[?[0-9a-f]*:[0-9a-f:.]*\]?)$/i;
    var unspecified = /^(0\.0\.0\.0|\[?::\]?)$/;
    /** The address a candidate line reveals of this machine, or '' when it reveals none. */
    var revealedBy = function (candidate) {
      var fields = String(candidate).replace(/^a=/, '').split(/\s+/);
      var address = fields[4] || '';
      var type = fields[7] || '';
      if (!ipAddress.test(address) || unspecified.test(address)) return '';
      return type === 'host' || type === 'srflx' || type === 'prflx' ? address.replace(/^\[|\]$/g, '') : '';
    };
    var hideInSdp = function (sdp) {
      if (typeof sdp !== 'string') return sdp;
      var hidden = {};
      var lines = sdp.split('\r\n').filter(function (line) {
        if (line.indexOf('a=candidate:') !== 0) return true;
        var address = revealedBy(line.slice(2));
        if (address) hidden[address] = true;
        return !address;
      });
      return lines.map(function (line) {
        var connection = /^(c=IN IP[46] |a=rtcp:\d+ IN IP[46] )(\S+)$/.exec(line);
        return connection && hidden[connection[2]] ? connection[1].replace('IP6', 'IP4') + '0.0.0.0' : line;
      }).join('\r\n');
    };

    var pcProto = scope.RTCPeerConnection.prototype;
    var addListener = scope.EventTarget.prototype.addEventListener;
    var stopImmediate = scope.Event.prototype.stopImmediatePropagation;
    var candidateOf = getterOf(scope.RTCPeerConnectionIceEvent, 'candidate');
    var candidateLine = getterOf(scope.RTCIceCandidate, 'candidate');
    var construct = Reflect.construct;
    // The first listener of every connection, in the capture phase: listeners the page adds
    // (onicecandidate included) run after it and never see a candidate it stops.
    var guardCandidates = function (event) {
      if (!candidateOf || !candidateLine || !(event instanceof scope.RTCPeerConnectionIceEvent)) return;
      var candidate = candidateOf.call(event);
      if (candidate && revealedBy(candidateLine.call(candidate))) stopImmediate.call(event);
    };
    replaceConstructor('RTCPeerConnection', function (target, args, newTarget) {
      var connection = construct(target, args, newTarget);
      addListener.call(connection, 'icecandidate', guardCandidates, true);
      return connection;
    }, ['webkitRTCPeerConnection']);

    // The engine hands out the same description object until it changes; so do we.
    var SessionDescription = scope.RTCSessionDescription;
    var sdpOf = getterOf(SessionDescription, 'sdp');
    var typeOf = getterOf(SessionDescription, 'type');
    var hiddenDescriptions = new WeakMap();
    ['localDescription', 'currentLocalDescription', 'pendingLocalDescription'].forEach(function (name) {
      if (!sdpOf || !typeOf) return;
      replaceGetter(pcProto, name, function (original) {
        var description = original.call(this);
        if (!description) return description;
        var sdp = sdpOf.call(description);
        var known = hiddenDescriptions.get(description);
        if (!known || known.sdp !== sdp) {
          var hidden = hideInSdp(sdp);
          known = { sdp: sdp, shown: hidden === sdp ? description : new SessionDescription({ type: typeOf.call(description), sdp: hidden }) };
          hiddenDescriptions.set(description, known);
        }
        return known.shown;
      });
    });
    var hideInit = function (init) {
      if (!init || typeof init.sdp !== 'string') return init;
      var hidden = hideInSdp(init.sdp);
      if (hidden === init.sdp) return init;
      return init instanceof SessionDescription ? new SessionDescription({ type: init.type, sdp: hidden }) : { type: init.type, sdp: hidden };
    };
    ['createOffer', 'createAnswer'].forEach(function (name) {
      replaceMethod(pcProto, name, function (original, self, args) {
        if (typeof args[0] === 'function') {
          // The legacy form: (success, failure, options).
          var success = args[0];
          var rest = Array.prototype.slice.call(args, 1);
          return original.apply(self, [function (init) { return success.call(this, hideInit(init)); }].concat(rest));
        }
        var result = original.apply(self, args);
        return result && typeof result.then === 'function' ? result.then(hideInit) : result;
      });
    });

    var StatsReport = scope.RTCStatsReport;
    if (StatsReport) {
      var hideStat = function (stat) {
        if (stat && stat.type === 'local-candidate' && (stat.candidateType === 'host' || stat.candidateType === 'srflx' || stat.candidateType === 'prflx') && (ipAddress.test(stat.address || '') && !unspecified.test(stat.address))) {
          stat.address = '';
          stat.ip = '';
          stat.networkType = 'unknown';
        }
        return stat;
      };
      replaceMethod(StatsReport.prototype, 'get', function (original, self, args) { return hideStat(original.apply(self, args)); });
      replaceMethod(StatsReport.prototype, 'forEach', function (original, self, args) {
        var callback = args[0];
        if (typeof callback !== 'function') return original.apply(self, args);
        return original.apply(self, [function (value, key, map) { return callback.call(this, hideStat(value), key, map); }].concat(Array.prototype.slice.call(args, 1)));
      });
      // entries(), values(), keys() and for…of share one iterator prototype; its next() is patched
      // the first time a report is seen (there is no other way to reach it).
      var iteratorPatched = false;
      var patchIterator = function (report) {
        if (iteratorPatched) return;
        iteratorPatched = true;
        var iteratorProto = Object.getPrototypeOf(StatsReport.prototype.entries.call(report));
        replaceMethod(iteratorProto, 'next', function (original, self, args) {
          var step = original.apply(self, args);
          if (step && !step.done) {
            if (Array.isArray(step.value)) hideStat(step.value[1]);
            else hideStat(step.value);
          }
          return step;
        });
      };
      replaceMethod(pcProto, 'getStats', function (original, self, args) {
        var result = original.apply(self, args);
        return result && typeof result.then === 'function' ? result.then(function (report) { if (report instanceof StatsReport) patchIterator(report); return report; }) : result;
      });
    }
  }
`;
