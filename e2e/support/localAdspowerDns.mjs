// Loaded with `node --import` before a script written for AdsPower: answers AdsPower's own name
// for its local API, local.adspower.net, with 127.0.0.1 — what public DNS answers for it — so the
// script runs unchanged without the test asking a resolver beyond loopback. Every other name is
// looked up as usual.
import dns from 'node:dns';

const ADSPOWER_HOST = 'local.adspower.net';
const lookup = dns.lookup;

dns.lookup = function lookupWithAdspower(hostname, options, callback) {
  if (String(hostname).toLowerCase() !== ADSPOWER_HOST) return lookup.call(this, hostname, options, callback);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all === true;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
  return {};
};
