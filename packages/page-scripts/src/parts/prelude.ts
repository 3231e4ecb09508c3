/**
 * Shared by every part: `scope` (window or worker global), a seeded hash for noise, and the
 * tools that put a stand-in where the engine keeps a method, getter or constructor.
 *
 * A stand-in is a Proxy of the engine's own function, never a function of ours, and nothing
 * global is touched (in particular not Function.prototype.toString: replacing it is itself the
 * lie every detector looks for first, and CreepJS then counts every function it inspects as one).
 * Through the proxy a page reads the engine function's name, length, missing `prototype`,
 * property keys and non-constructability; Function.prototype.toString prints it as it prints
 * any callable proxy, "function () { [native code] }". The one way a bare proxy differs that
 * detectors use is the prototype cycle: Object.setPrototypeOf(f, Object.create(f)) is a
 * TypeError on an engine function, but on a proxy it succeeds and the next lookup overflows the
 * stack; the setPrototypeOf trap refuses the cycle as the engine does.
 */
export const prelude = String.raw`
  var scope = typeof globalThis !== 'undefined' ? globalThis : self;
  var getPrototypeOf = Object.getPrototypeOf;
  var reflectApply = Reflect.apply;
  var reflectHas = Reflect.has;
  var reflectSetPrototypeOf = Reflect.setPrototypeOf;
  /** Past this many links a chain is taken to have no cycle through us (a page's own proxies may loop). */
  var MAX_CHAIN = 10000;

  /**
   * Whether fn is already a stand-in of this launch's script: the script can run twice in one
   * realm (a popup's or frame's first about:blank keeps its Window when it goes to a page of the
   * same origin, and the new-document script runs again there), and noise applied twice cancels
   * out. A stand-in says it has the launch's random key (its \`has\` trap); an engine function has
   * no such property, no page knows the key, and nothing is called to find out.
   */
  var isOurs = function (fn) {
    return typeof fn === 'function' && realmKey in fn;
  };

  /** A proxy of the engine's function whose calls (and constructions) go through ours. */
  var disguise = function (original, handler) {
    var proxy;
    var traps = {
      // A cycle through the stand-in is refused as the engine refuses one: false here makes
      // Reflect.setPrototypeOf answer false and Object.setPrototypeOf throw a TypeError.
      setPrototypeOf: function (target, proto) {
        var p = proto;
        for (var steps = 0; (p !== null && typeof p === 'object') || typeof p === 'function'; steps += 1) {
          if (p === proxy || p === target) return false;
          if (steps >= MAX_CHAIN) break;
          p = getPrototypeOf(p);
        }
        return reflectSetPrototypeOf(target, proto);
      },
    };
    traps.has = function (target, key) {
      return key === realmKey || reflectHas(target, key);
    };
    if (handler.apply) traps.apply = handler.apply;
    if (handler.construct) traps.construct = handler.construct;
    proxy = new Proxy(original, traps);
    return proxy;
  };

  /** Replaces proto[name] (a method) with wrap(original, receiver, args), keeping where it sits. */
  var replaceMethod = function (proto, name, wrap) {
    if (!proto) return;
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.value !== 'function' || isOurs(descriptor.value)) return;
    var original = descriptor.value;
    var replacement = disguise(original, { apply: function (target, self, args) { return wrap(original, self, args); } });
    Object.defineProperty(proto, name, { value: replacement, writable: descriptor.writable, enumerable: descriptor.enumerable, configurable: descriptor.configurable });
  };

  /**
   * Replaces a getter on the prototype where the engine defines it: with a value, or with
   * value.call(receiver, originalGetter). The engine's getter runs first either way, so a
   * wrong receiver (Navigator.prototype.platform) fails with the engine's own TypeError.
   */
  var replaceGetter = function (proto, name, value) {
    if (!proto) return;
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || !descriptor.get || isOurs(descriptor.get)) return;
    var original = descriptor.get;
    var getter = disguise(original, {
      apply: function (target, self) {
        if (typeof value === 'function') return value.call(self, original);
        reflectApply(original, self, []);
        return value;
      },
    });
    Object.defineProperty(proto, name, { get: getter, set: descriptor.set, enumerable: descriptor.enumerable, configurable: descriptor.configurable });
  };

  /** The engine's getter of type.prototype[name], or null where the engine has none. */
  var getterOf = function (type, name) {
    var descriptor = type && type.prototype && Object.getOwnPropertyDescriptor(type.prototype, name);
    return (descriptor && descriptor.get) || null;
  };

  /** Replaces both halves of an accessor (an attribute that can be set). */
  var replaceAccessor = function (proto, name, get, set) {
    if (!proto) return;
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || !descriptor.get || !descriptor.set || isOurs(descriptor.get)) return;
    var originalGet = descriptor.get;
    var originalSet = descriptor.set;
    var getter = disguise(originalGet, { apply: function (target, self) { return get.call(self, originalGet); } });
    var setter = disguise(originalSet, { apply: function (target, self, args) { return set.call(self, args[0], originalSet, originalGet); } });
    Object.defineProperty(proto, name, { get: getter, set: setter, enumerable: descriptor.enumerable, configurable: descriptor.configurable });
  };

  /**
   * Replaces the interface object scope[name] (and aliases that are the same function, such as
   * webkitRTCPeerConnection) with a proxy whose construction goes through construct(original, args,
   * newTarget). Everything else (name, length, statics, prototype, instanceof, subclassing)
   * reaches the original; prototype.constructor points at the proxy, as it did at the original.
   */
  var replaceConstructor = function (name, construct, aliases) {
    var descriptor = Object.getOwnPropertyDescriptor(scope, name);
    if (!descriptor || typeof descriptor.value !== 'function' || isOurs(descriptor.value)) return null;
    var original = descriptor.value;
    var replacement = disguise(original, { construct: function (target, args, newTarget) { return construct(target, args, newTarget === replacement ? target : newTarget); } });
    var constructorSlot = Object.getOwnPropertyDescriptor(original.prototype, 'constructor');
    if (constructorSlot) Object.defineProperty(original.prototype, 'constructor', { value: replacement, writable: constructorSlot.writable, enumerable: constructorSlot.enumerable, configurable: constructorSlot.configurable });
    [name].concat(aliases || []).forEach(function (alias) {
      var slot = Object.getOwnPropertyDescriptor(scope, alias);
      if (slot && slot.value === original) Object.defineProperty(scope, alias, { value: replacement, writable: slot.writable, enumerable: slot.enumerable, configurable: slot.configurable });
    });
    return original;
  };

  /** A 32-bit hash of (profile seed, position): the same noise at the same place, every run. */
  var noiseAt = function (salt, i) {
    var h = (options.noiseSeed ^ Math.imul(salt, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  };

  /** A 32-bit hash of (profile seed, salt, text): a stable value per profile for any string. */
  var hashText = function (salt, text) {
    var h = noiseAt(salt, text.length);
    for (var i = 0; i < text.length; i += 1) h = noiseAt(h, text.charCodeAt(i));
    return h;
  };

  /** 64 hex digits, as Chromium's per-origin media device ids look; stable per profile and text. */
  var hex64 = function (salt, text) {
    var out = '';
    for (var i = 0; i < 8; i += 1) out += ('0000000' + hashText(salt + i, text).toString(16)).slice(-8);
    return out;
  };
`;
