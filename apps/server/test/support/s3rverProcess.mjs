// A real S3-protocol server (s3rver) on 127.0.0.1 for the blob store tests, in a process of its
// own: its listing tokens use DES, which Node's OpenSSL 3 offers only with
// --openssl-legacy-provider, a flag the test runner's own process should not carry.
// Arguments: folder, buckets (comma-separated). Prints {"port":N} once listening; stops when its stdin closes.
import S3rver from 's3rver';

const [directory, buckets] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: buckets.split(',').map((name) => ({ name })) });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('end', () => {
  server.close().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});
process.stdin.resume();
