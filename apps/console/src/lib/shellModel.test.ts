import { describe, expect, it } from 'vitest';
import { displayName } from './displayName.ts';
import { locales, lookup } from '@facet/i18n';
import { allowedScreens, buildMenu, screenLabelKey, type MenuEntry } from './menuModel.ts';
import { modeFromSessionValue } from './mode.ts';
import { landingPath, rootPath, welRoutes, type WelScreen } from './routes.ts';
import { closeOthers, closeTab, emptyTabs, openTab, sanitizeTabs } from './tabs.ts';
import { themeFromStored } from './theme.ts';

const shape = (menu: MenuEntry[]) => menu.map((e) => ('screen' in e ? e.key : `${e.key}[${e.children.map((c) => c.key).join(',')}]`));

describe('menu (spec §2)', () => {
  it('has an English label for every screen', () => {
    const missing = (Object.keys(welRoutes) as WelScreen[]).filter((screen) => lookup(locales['en-US']!, screenLabelKey(screen)) === undefined);
    expect(missing).toEqual([]);
  });

  it('shows everything in the desktop client for a main account', () => {
    expect(shape(buildMenu('client', 'main'))).toEqual(['share', 'browserManagement[browser,browsergroup,recycle]', 'accountList[package,sub,hosts,operlog,setting]', 'application', 'helper', 'reward']);
  });

  it('drops the client-only screens in the browser version', () => {
    expect(shape(buildMenu('browser', 'main'))).toEqual(['browserManagement[recycle]', 'accountList[package,sub,hosts,operlog]', 'helper']);
  });

  it('takes plan, sub-account and operation log away from sub-accounts', () => {
    expect(shape(buildMenu('client', 'sub'))).toEqual(['share', 'browserManagement[browser,browsergroup,recycle]', 'accountList[hosts,setting]', 'application', 'helper', 'reward']);
    expect(shape(buildMenu('browser', 'sub'))).toEqual(['browserManagement[recycle]', 'accountList[hosts]', 'helper']);
  });

  it('allows the user-menu screens besides the menu', () => {
    expect(allowedScreens('browser', 'main').has('userinfo')).toBe(true);
    expect(allowedScreens('browser', 'main').has('kyc')).toBe(false);
    expect(allowedScreens('client', 'main').has('kyc')).toBe(true);
    expect(allowedScreens('browser', 'sub').has('package')).toBe(false);
  });
});

describe('redirects (spec §2)', () => {
  it('sends / to mobile, plan management or the browser list', () => {
    expect(rootPath({ mode: 'client', mobile: true })).toBe('/mobile/my');
    expect(rootPath({ mode: 'browser', mobile: false })).toBe('/wel/account/package');
    expect(rootPath({ mode: 'client', mobile: false })).toBe('/wel/browser');
  });

  it('lands people after login by role and mode', () => {
    expect(landingPath({ mode: 'browser', mobile: true, accountType: 'sub' })).toBe('/mobile/package');
    expect(landingPath({ mode: 'browser', mobile: false, accountType: 'sub' })).toBe('/wel/helper');
    expect(landingPath({ mode: 'client', mobile: false, accountType: 'sub' })).toBe('/wel/browser');
    expect(landingPath({ mode: 'browser', mobile: true, accountType: 'main' })).toBe('/mobile/my');
    expect(landingPath({ mode: 'browser', mobile: false, accountType: 'main' })).toBe('/wel/account/package');
    expect(landingPath({ mode: 'client', mobile: false, accountType: 'main' })).toBe('/wel/browser');
  });

  it('reads client mode from the session value: empty or "0" is the browser', () => {
    expect(modeFromSessionValue(null)).toBe('browser');
    expect(modeFromSessionValue('')).toBe('browser');
    expect(modeFromSessionValue('0')).toBe('browser');
    expect(modeFromSessionValue('1')).toBe('client');
  });
});

describe('tabs (spec §2)', () => {
  it('re-selects an open page instead of opening it twice', () => {
    let state = openTab(emptyTabs, 'package');
    state = openTab(state, 'helper');
    state = openTab(state, 'package');
    expect(state).toEqual({ tabs: ['package', 'helper'], active: 'package' });
  });

  it('closes to the right neighbour, never the last tab, and closes others', () => {
    const three = { tabs: ['package', 'helper', 'recycle'] as const, active: 'helper' as const };
    expect(closeTab({ tabs: [...three.tabs], active: 'helper' }, 'helper')).toEqual({ tabs: ['package', 'recycle'], active: 'recycle' });
    expect(closeTab({ tabs: [...three.tabs], active: 'recycle' }, 'recycle')).toEqual({ tabs: ['package', 'helper'], active: 'helper' });
    expect(closeTab({ tabs: ['helper'], active: 'helper' }, 'helper')).toEqual({ tabs: ['helper'], active: 'helper' });
    expect(closeOthers({ tabs: [...three.tabs], active: 'helper' })).toEqual({ tabs: ['helper'], active: 'helper' });
  });

  it('trusts stored tabs only for screens this person may open', () => {
    const allowed = allowedScreens('browser', 'main');
    expect(sanitizeTabs({ tabs: ['package', 'browser', 'package', 'nope'], active: 'browser' }, allowed)).toEqual({ tabs: ['package'], active: 'package' });
    expect(sanitizeTabs('garbage', allowed)).toEqual({ tabs: [], active: null });
  });
});

describe('theme and names', () => {
  it('starts in day mode; a stored value that is empty reads as night (spec §9)', () => {
    expect(themeFromStored(null)).toBe('day');
    expect(themeFromStored('')).toBe('night');
    expect(themeFromStored('night')).toBe('night');
    expect(themeFromStored('day')).toBe('day');
  });

  it('names the person by name, e-mail, phone, then a default label', () => {
    expect(displayName({ name: 'ann', email: 'a@b.co', phone: 'unbound' }, 'User')).toBe('ann');
    expect(displayName({ name: '', email: 'a@b.co', phone: '1' }, 'User')).toBe('a@b.co');
    expect(displayName({ name: '', email: 'unbound', phone: '13800138000' }, 'User')).toBe('13800138000');
    expect(displayName({ name: '', email: 'unbound', phone: 'unbound' }, 'User')).toBe('User');
    expect(displayName(null, 'User')).toBe('User');
  });
});
