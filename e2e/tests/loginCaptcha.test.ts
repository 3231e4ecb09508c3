import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { E2E_CAPTCHA } from '../support/processes.ts';

const env = useStackAndBrowser();

describe('signing in after wrong passwords', () => {
  it('asks for a captcha after three wrong passwords, and signs the owner in with it', async () => {
    const person = await signUpByApi(env.stack);
    const page = await (await env.browser.newContext()).newPage();
    const errors = watchErrors(page);
    for (let i = 0; i < 3; i++) {
      await signInThroughForm(page, env.stack.serverUrl, person.username, `not the password ${i}`);
      await page.getByText(text('code.wrongCredentials')).first().waitFor();
    }
    // The third answer said the next try needs a captcha: the form shows one.
    await page.getByTestId('captcha-image').waitFor();
    await screenshot(page, 'login-captcha');
    await page.getByLabel(text('auth.login.password'), { exact: true }).fill(person.password);
    await page.getByTestId('captcha-input').fill(E2E_CAPTCHA);
    await page.getByRole('button', { name: text('auth.login.submit'), exact: true }).click();
    await page.getByTestId('side-menu').waitFor();
    expect(errors).toEqual([]);
  });
});
