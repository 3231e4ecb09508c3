import { buildApp } from '../src/app.ts';
import { loadServerConfig } from '../src/config.ts';

/**
 * The server as main.ts runs it, for the e2e journeys, with the one seam a test needs: a
 * captcha whose text it knows (E2E_CAPTCHA_TEXT). Lives under test/, never shipped as an entry.
 */
const text = process.env.E2E_CAPTCHA_TEXT;
if (!text || text.length !== 4) throw new Error('E2E_CAPTCHA_TEXT must be 4 characters');
const config = loadServerConfig();
const { app } = await buildApp({
  config,
  captchaGenerator: () => ({ text, svg: `<svg xmlns="http://www.w3.org/2000/svg" width="118" height="30"><text x="10" y="22">${text}</text></svg>` }),
});
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The address it got: the journeys start it on port 0 and read the port from this line.
console.log(`ready ${await app.listen({ host: '127.0.0.1', port: config.port })}`);
