import { describe, expect, it } from 'vitest';
import { parseEnvelope, percentSent, uploadForm } from './pluginUpload.ts';

const file = (name: string, text: string, type: string) => new File([text], name, { type });

describe('uploadForm', () => {
  it('sends the text, then the package, then the icon, with their file names', () => {
    const body = uploadForm({ name: 'Wallet Guard', introduction: '', publisher: 'Acme', icon: file('icon.png', 'png', 'image/png'), pkg: file('guard.zip', 'zip', 'application/zip') });
    expect([...body.keys()]).toEqual(['name', 'introduction', 'publisher', 'package', 'icon']);
    expect(body.get('introduction')).toBe('');
    expect((body.get('package') as File).name).toBe('guard.zip');
    expect((body.get('icon') as File).name).toBe('icon.png');
  });

  it('sends only the package and the plugin id for a new version without a new icon', () => {
    const body = uploadForm({ pluginId: 'plg_1', pkg: file('guard-2.zip', 'zip', 'application/zip') });
    expect([...body.keys()]).toEqual(['pluginId', 'package']);
    expect(body.get('pluginId')).toBe('plg_1');
  });
});

describe('parseEnvelope', () => {
  it('reads the answer envelope and nothing else', () => {
    expect(parseEnvelope('{"code":1402,"msg":"packed","data":{"remedy":"unpack-and-zip-folder"}}')).toEqual({ code: 1402, msg: 'packed', data: { remedy: 'unpack-and-zip-folder' } });
    expect(parseEnvelope('<html>502 Bad Gateway</html>')).toBeNull();
    expect(parseEnvelope('')).toBeNull();
    expect(parseEnvelope('null')).toBeNull();
    expect(parseEnvelope('{"code":"0","msg":"ok"}')).toBeNull();
  });
});

describe('percentSent', () => {
  it('counts whole percent and reaches 100 only when everything went out', () => {
    expect(percentSent({ loaded: 0, total: 0 })).toBe(0);
    expect(percentSent({ loaded: 1, total: 3 })).toBe(33);
    expect(percentSent({ loaded: 999, total: 1000 })).toBe(99);
    expect(percentSent({ loaded: 1000, total: 1000 })).toBe(100);
    expect(percentSent({ loaded: 2000, total: 1000 })).toBe(100);
  });
});
