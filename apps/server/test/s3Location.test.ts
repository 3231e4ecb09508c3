import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';
import { describeS3Location, parseS3Url } from '../src/storage/s3Location.ts';

describe('FACET_S3_URL', () => {
  it('reads key, secret, host, bucket, folder, region and path style', () => {
    expect(parseS3Url('s3+http://minio:minio%2Fsecret%40x@127.0.0.1:9000/facet-blobs/prod/eu?region=eu-central-1&forcePathStyle=true')).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'facet-blobs',
      prefix: 'prod/eu/',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio/secret@x' },
    });
  });

  it('speaks HTTPS for s3:// and s3+https://, with us-east-1 and path style unless the host is AWS', () => {
    expect(parseS3Url('s3://AK:SK@s3.example.net/bucket')).toMatchObject({ endpoint: 'https://s3.example.net', region: 'us-east-1', forcePathStyle: true, prefix: '' });
    expect(parseS3Url('s3+https://AK:SK@s3.example.net:8443/bucket/')).toMatchObject({ endpoint: 'https://s3.example.net:8443', prefix: '' });
    expect(parseS3Url('s3://AK:SK@s3.eu-west-1.amazonaws.com/bucket?region=eu-west-1')).toMatchObject({ endpoint: 'https://s3.eu-west-1.amazonaws.com', forcePathStyle: false });
    expect(parseS3Url('s3://AK:SK@s3.eu-west-1.amazonaws.com/bucket?forcePathStyle=true').forcePathStyle).toBe(true);
  });

  it('leaves credentials to the AWS SDK when the URL has none', () => {
    expect(parseS3Url('s3://s3.eu-west-1.amazonaws.com/bucket').credentials).toBeNull();
  });

  it('refuses what it cannot use, saying what is wrong and never repeating the secret', () => {
    const secret = 'Sup3rSecr3t';
    const cases: [string, RegExp][] = [
      [`http://AK:${secret}@host/bucket`, /scheme must be s3:\/\//],
      [`s3://AK:${secret}@host/`, /bucket name/],
      [`s3://AK:${secret}@host/Bucket_Upper`, /bucket name/],
      [`s3://AK:${secret}@host/bucket/.hidden`, /folder after the bucket/],
      [`s3://AK:${secret}@host/bucket?regoin=eu`, /unknown parameter "regoin"/],
      [`s3://AK:${secret}@host/bucket?forcePathStyle=yes`, /forcePathStyle must be true or false/],
      [`s3://AK:${secret}@host/bucket?region=EU West`, /region must be/],
      [`s3://AK@host/bucket`, /both the access key and the secret/],
      [`s3://AK:${secret}%zz@host/bucket`, /broken %-escape/],
      [`s3 ://AK:${secret}@host/bucket`, /not a URL/],
    ];
    for (const [url, reason] of cases) {
      const message = (() => {
        try {
          parseS3Url(url);
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message, url).toMatch(reason);
      expect(message, url).not.toContain(secret);
    }
  });

  it('is read once into the configuration, which otherwise keeps blobs in the data folder', () => {
    expect(loadServerConfig({ FACET_DATA_DIR: '/tmp/facet-data' }).s3).toBeNull();
    const config = loadServerConfig({ FACET_DATA_DIR: '/tmp/facet-data', FACET_S3_URL: 's3://AK:SK@minio.internal:9000/facet' });
    expect(config.s3).toMatchObject({ bucket: 'facet', endpoint: 'https://minio.internal:9000' });
    expect(() => loadServerConfig({ FACET_S3_URL: 'ftp://x/y' })).toThrow(/FACET_S3_URL/);
  });

  it('is described for the log without key or secret', () => {
    const text = describeS3Location(parseS3Url('s3+http://KEYID:SECRETKEY@127.0.0.1:9000/facet/blobs?region=eu-west-1'));
    expect(text).toBe('S3 bucket facet under blobs/ at http://127.0.0.1:9000 (eu-west-1)');
  });
});
