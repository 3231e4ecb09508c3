/**
 * What the console reads from the desktop client's `updataver` push (spec §4: a force flag, and
 * otherwise update tips with info). The contracts leave the push's parameter open, so it is
 * read defensively here: anything without a version is not an offer.
 */
export interface UpdateOffer {
  version: string;
  /** Spec §4: a forced update cannot be skipped. */
  force: boolean;
  /** The client's own words about the version, shown as given (not translated). */
  info: string;
  /** Where the new client is downloaded; absent: the operator's download link. */
  url: string | null;
}

const MAX_INFO = 2000;

export function parseUpdateOffer(parameter: unknown): UpdateOffer | null {
  if (typeof parameter !== 'object' || parameter === null) return null;
  const raw = parameter as Record<string, unknown>;
  const version = typeof raw.version === 'string' ? raw.version.trim() : '';
  if (!version || version.length > 64) return null;
  const url = typeof raw.url === 'string' && /^https?:\/\//i.test(raw.url) ? raw.url : null;
  return {
    version,
    force: raw.force === true || raw.force === 1 || raw.force === '1',
    info: typeof raw.info === 'string' ? raw.info.slice(0, MAX_INFO) : '',
    url,
  };
}

/** A skipped version is not offered again; a newer one is, and so is any forced update. */
export function shouldOffer(offer: UpdateOffer, skippedVersion: string | null): boolean {
  return offer.force || offer.version !== skippedVersion;
}
