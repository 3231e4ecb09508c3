import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { captchaCall, publicConfigSchema, registerCall, registerCodeCall } from '@facet/contracts';
import { E2E_CAPTCHA, type Stack } from './processes.ts';

let counter = 0;
export function newPerson(tag: string) {
  counter += 1;
  const id = `${tag}${Date.now().toString(36)}${counter}`;
  return { email: `${id}@example.test`, username: id.slice(0, 20), password: 'e2e password 123' };
}

export async function apiClientFor(stack: Stack): Promise<ApiClient> {
  const config = publicConfigSchema.parse(await (await fetch(`${stack.serverUrl}/config.json`)).json());
  return new ApiClient({ baseUrl: config.apiHost, signKey: config.signKey, credentials: memoryCredentialStore(), getLanguage: () => 0 });
}

/** Signs a person up through the typed client (for journeys that start after sign-up). */
export async function signUpByApi(stack: Stack, person = newPerson('api')) {
  const client = await apiClientFor(stack);
  const { captchaId } = await client.call(captchaCall, {});
  await client.call(registerCodeCall, { type: 'email', account: person.email, captchaId, captcha: E2E_CAPTCHA });
  await client.call(registerCall, { type: 'email', account: person.email, username: person.username, passwd: person.password, code: stack.codeFor(person.email), agreement: true });
  return person;
}
