import { START_PAGE_CHECK, START_PAGE_IP } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { startPages } from './profileLauncher.ts';

const IP = 'http://127.0.0.1:7000/ip';

describe('the pages a start opens', () => {
  it('opens the profile\'s start page, Facet\'s IP check as the agent\'s service, the check page after start', () => {
    expect(startPages('https://shop.example/', IP, {})).toEqual({ first: 'https://shop.example/', more: [], check: false });
    expect(startPages(START_PAGE_IP, IP, {})).toEqual({ first: IP, more: [], check: false });
    expect(startPages(START_PAGE_CHECK, IP, {})).toEqual({ first: '', more: [], check: true });
  });

  it('follows AdsPower\'s open_tabs, ip_tab and launch_args pages', () => {
    expect(startPages('https://shop.example/', IP, { openStartPage: false, ipTab: true, extraTabs: ['https://a.example/'] })).toEqual({ first: '', more: [], check: false });
    expect(startPages('https://shop.example/', IP, { ipTab: true, extraTabs: ['https://a.example/'] })).toEqual({ first: 'https://shop.example/', more: [IP, 'https://a.example/'], check: false });
    expect(startPages(START_PAGE_IP, IP, { ipTab: true })).toEqual({ first: IP, more: [], check: false });
    expect(startPages(START_PAGE_IP, IP, { ipTab: false })).toEqual({ first: '', more: [], check: false });
  });
});
