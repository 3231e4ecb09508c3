/**
 * Shared by every part: `scope` (window or worker global), a seeded hash for noise, and the
 * tools that make a replaced function look native — same name and length, no prototype, and
 * Function.prototype.toString reporting `[native code]`, the toString replacement included.
 */
export const prelude = String.raw`
  var scope = typeof globalThis !== 'undefined' ? globalThis : self;
  var nativeToString = Function.prototype.toString;
  var disguised = new WeakMap();
  var toString = { toString() { return disguised.has(this) ? disguised.get(this) : nativeToString.call(this); } }.toString;
  var looksNative = function (fn, name, length, prefix) {
    Object.defineProperty(fn, 'name', { value: (prefix || '') + name, configurable: true });
    Object.defineProperty(fn, 'length', { value: length, configurable: true });
    disguised.set(fn, 'function ' + (prefix || '') + name + '() { [native code] }');
    return fn;
  };
  looksNative(toString, 'toString', 0);
  Object.defineProperty(Function.prototype, 'toString', { value: toString, writable: true, configurable: true, enumerable: false });

  /** Replaces proto[name] (a method) with wrap(original), keeping how it looks and where it sits. */
  var replaceMethod = function (proto, name, wrap) {
    if (!proto) return;
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    var original = descriptor.value;
    // Method syntax: like a native method, it has no prototype and cannot be constructed.
    var replacement = { [name]() { return wrap(original, this, arguments); } }[name];
    looksNative(replacement, name, original.length);
    Object.defineProperty(proto, name, { value: replacement, writable: descriptor.writable, enumerable: descriptor.enumerable, configurable: descriptor.configurable });
  };

  /**
   * Replaces a getter on the prototype where the engine defines it: with a value, or with
   * value.call(receiver, originalGetter).
   */
  var replaceGetter = function (proto, name, value) {
    if (!proto) return;
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || !descriptor.get) return;
    var original = descriptor.get;
    var getter = Object.getOwnPropertyDescriptor({ get [name]() { return typeof value === 'function' ? value.call(this, original) : value; } }, name).get;
    looksNative(getter, name, 0, 'get ');
    Object.defineProperty(proto, name, { get: getter, set: descriptor.set, enumerable: descriptor.enumerable, configurable: descriptor.configurable });
  };

  /** The engine's getter of type.prototype[name], or null where the engine has none. */
  var getterOf = function (type, name) {
    var descriptor = type && type.prototype && Object.getOwnPropertyDescriptor(type.prototype, name);
    return (descriptor && descriptor.get) || null;
  };

  /** Replaces both halves of an accessor (an attribute that can be set), each looking native. */
  var replaceAccessor = function (proto, name, get, set) {
    if (!proto) return;
    var descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || !descriptor.get || !descriptor.set) return;
    var originalGet = descriptor.get;
    var originalSet = descriptor.set;
    var holder = { get [name]() { return get.call(this, originalGet); }, set [name](value) { set.call(this, value, originalSet, originalGet); } };
    var accessor = Object.getOwnPropertyDescriptor(holder, name);
    looksNative(accessor.get, name, 0, 'get ');
    looksNative(accessor.set, name, 1, 'set ');
    Object.defineProperty(proto, name, { get: accessor.get, set: accessor.set, enumerable: descriptor.enumerable, configurable: descriptor.configurable });
  };

  /**
   * Replaces the interface object scope[name] (and aliases that are the same function, such as
   * webkitRTCPeerConnection) with a proxy whose construction goes through construct(original, args,
   * newTarget). Everything else (name, length, statics, prototype, instanceof, subclassing)
   * reaches the original; prototype.constructor points at the proxy, as it did at the original.
   */
  var replaceConstructor = function (name, construct, aliases) {
    var descriptor = Object.getOwnPropertyDescriptor(scope, name);
    if (!descriptor || typeof descriptor.value !== 'function') return null;
    var original = descriptor.value;
    var replacement = new Proxy(original, { construct: function (target, args, newTarget) { return construct(target, args, newTarget); } });
    disguised.set(replacement, 'function ' + name + '() { [native code] }');
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
