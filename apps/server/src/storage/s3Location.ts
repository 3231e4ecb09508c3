/**
 * FACET_S3_URL, read once at start (config.ts):
 *
 *   s3://ACCESS_KEY:SECRET_KEY@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&forcePathStyle=true
 *
 * `s3://` and `s3+https://` speak HTTPS, `s3+http://` plain HTTP (a MinIO on the same machine or
 * a private network). Key and secret are percent-encoded where they hold `/ @ : # ?`; without
 * them the AWS SDK's own chain applies (AWS_ACCESS_KEY_ID…, an instance role). `region`
 * defaults to us-east-1 (what MinIO answers to); `forcePathStyle` (bucket in the path, not the
 * host name) defaults to true except on amazonaws.com, since MinIO, Ceph and most
 * S3-compatible servers want it. PREFIX puts every blob below that folder of the bucket.
 *
 * No error message here repeats the URL: it holds the secret, and start-up errors get logged.
 */
export interface S3Location {
  /** `https://host:port`, no credentials. */
  endpoint: string;
  bucket: string;
  /** '' or a folder of the bucket ending in '/' (`facet/`). */
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  /** Null: the AWS SDK finds credentials itself (environment, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const schemes: Record<string, 'https' | 'http'> = { 's3:': 'https', 's3+https:': 'https', 's3+http:': 'http' };
/** S3's bucket naming rule (dots allowed, no upper case, 3 to 63 characters). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const knownParameters = new Set(['region', 'forcePathStyle']);

export function parseS3Url(value: string): S3Location {
  const fail = (what: string) => new Error(`FACET_S3_URL: ${what} (form: s3://KEY:SECRET@HOST:PORT/BUCKET?region=…; see docs/deployment.md "Blob store")`);
  if (!URL.canParse(value)) throw fail('not a URL');
  const url = new URL(value);
  const protocol = schemes[url.protocol];
  if (!protocol) throw fail('the scheme must be s3://, s3+https:// or s3+http://');
  if (!url.hostname) throw fail('a host is required');

  const [bucket = '', ...folders] = url.pathname.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (!BUCKET.test(bucket)) throw fail('the path must start with a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)');
  if (!folders.every((folder) => PREFIX_SEGMENT.test(folder))) throw fail('the folder after the bucket may hold only letters, digits, ".", "_" and "-"');

  for (const name of url.searchParams.keys()) if (!knownParameters.has(name)) throw fail(`unknown parameter "${name.slice(0, 40)}" (known: region, forcePathStyle)`);
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw fail('region must be a region name such as us-east-1');
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle)) throw fail('forcePathStyle must be true or false');

  if (Boolean(url.username) !== Boolean(url.password)) throw fail('give both the access key and the secret, or neither');
  const credentials = url.username ? { accessKeyId: decode(url.username, fail), secretAccessKey: decode(url.password, fail) } : null;

  return {
    endpoint: `${protocol}://${url.host}`,
    bucket,
    prefix: folders.length > 0 ? `${folders.join('/')}/` : '',
    region,
    forcePathStyle: pathStyle === null ? !url.hostname.endsWith('amazonaws.com') : pathStyle === 'true',
    credentials,
  };
}

function decode(part: string, fail: (what: string) => Error): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw fail('the access key or secret has a broken %-escape');
  }
}

/** Where the blobs go, for the start-up log: never the key or the secret. */
export function describeS3Location(location: S3Location): string {
  return `S3 bucket ${location.bucket}${location.prefix ? ` under ${location.prefix}` : ''} at ${location.endpoint} (${location.region})`;
}
