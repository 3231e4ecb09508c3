import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHostConfig } from './config.ts';

describe('the host\'s configuration', () => {
  it('needs the server, takes the code only as given, and names the host after the machine by default', () => {
    expect(() => loadHostConfig({}, '/srv')).toThrow(/FACET_SERVER_URL/);
    const config = loadHostConfig({ FACET_SERVER_URL: 'facet.example.com/', FACET_HOST_CODE: ' abcd-efgh-jkmn ', FACET_BROWSER_LOOPBACK_ONLY: '1' }, '/srv');
    expect(config).toMatchObject({ serverUrl: 'http://facet.example.com', hostCode: 'ABCD-EFGH-JKMN', hostName: os.hostname().slice(0, 64), loopbackOnly: true, dataDir: path.join('/srv', 'data', 'agent') });
    expect(loadHostConfig({ FACET_SERVER_URL: 'https://f.example', FACET_HOST_NAME: 'rack 7', FACET_AGENT_DATA_DIR: '/var/lib/facet-host' }, '/srv')).toMatchObject({ hostCode: undefined, hostName: 'rack 7', dataDir: '/var/lib/facet-host', loopbackOnly: false });
  });
});
