import { describe, expect, it } from 'vitest';
import { afterSignIn, namesAPage } from './entryPage.ts';

describe('links into the console', () => {
  it('name a page under /wel/ or /mobile/; the root, /wel and /login name none', () => {
    expect(namesAPage('/wel/browser')).toBe(true);
    expect(namesAPage('/wel/account/package?order=ord_1')).toBe(true);
    expect(namesAPage('/mobile/package/pay')).toBe(true);
    for (const none of ['/', '/wel', '/wel/', '/login', '/login?x=1']) expect(namesAPage(none), none).toBe(false);
  });

  it('after sign-in go back to the named page, never to another site', () => {
    expect(afterSignIn('/wel/account/package?order=ord_1', '/wel/help')).toBe('/wel/account/package?order=ord_1');
    for (const bad of [undefined, 42, '//evil.example/wel/x', 'https://evil.example/wel/x', '/login', '/']) expect(afterSignIn(bad, '/wel/help'), String(bad)).toBe('/wel/help');
  });
});
