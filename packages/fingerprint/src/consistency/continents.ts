export type Continent = 'africa' | 'americas' | 'asia' | 'europe' | 'oceania';

/**
 * Continents of ISO 3166 regions as language tags carry them (de-DE, es-419). Countries across
 * two continents or with overseas time zones are under each (Russia, Turkey, Cyprus, Kazakhstan
 * and the Caucasus; France, the Netherlands, Denmark, Spain, the UK, the US, Chile, Ecuador).
 * A region missing here is unknown, and unknown never contradicts.
 */
const regionsByContinent: Record<Continent, string> = {
  europe:
    'AD AL AM AT AX AZ BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GE GG GI GR HR HU IE IM IS IT JE KZ LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA XK 150',
  asia: 'AE AF AM AZ BD BH BN BT CN CY EG GE HK ID IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA RU SA SG SY TH TJ TL TM TR TW UZ VN YE 142',
  africa:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ES ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW 002',
  americas:
    'AG AI AR AW BB BL BM BO BQ BR BS BZ CA CL CO CR CU CW DK DM DO EC FK FR GB GD GF GL GP GT GY HN HT JM KN KY LC MF MQ MS MX NI NL PA PE PM PR PY SR SV SX TC TT US UY VC VE VG VI 019 419',
  oceania: 'AS AU CK CL EC FJ FM FR GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM US VU WF WS 009',
};

const continentsOfRegion = new Map<string, Continent[]>();
for (const [continent, regions] of Object.entries(regionsByContinent) as [Continent, string][]) {
  for (const region of regions.split(' ')) continentsOfRegion.set(region, [...(continentsOfRegion.get(region) ?? []), continent]);
}

/** The continents a region (ISO 3166 alpha-2 or UN M.49 number) lies on; empty when unknown. */
export function continentsOf(region: string): readonly Continent[] {
  return continentsOfRegion.get(region.toUpperCase()) ?? [];
}

// The IANA area names that are one continent. Atlantic/, Indian/, Antarctica/, Arctic/, Etc/ and
// the old country aliases (US/Eastern) span several or none, so they are unknown.
const areas: Record<string, Continent> = { Africa: 'africa', America: 'americas', Asia: 'asia', Europe: 'europe', Australia: 'oceania', Pacific: 'oceania' };

/** The continent of an IANA time zone ("Europe/Berlin" → europe), or null when its area is no one continent. */
export function continentOfTimezone(timezone: string): Continent | null {
  const area = /^([A-Za-z]+)\//.exec(timezone)?.[1];
  return (area && areas[area]) || null;
}
