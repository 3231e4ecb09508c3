import type { AddressInfo } from 'node:net';
import { Code, registerCodeCall } from '@facet/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './flows.ts';
import { newPerson, solvedCaptcha, startTestServer, type TestServer } from './harness.ts';

interface Received {
  to: string[];
  body: string;
}

/** A real SMTP server on loopback that keeps what it receives (and can be told to refuse). */
async function startSmtp() {
  const received: Received[] = [];
  let refuse = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        if (refuse) return callback(new Error('mailbox unavailable'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    setRefuse: (value: boolean) => (refuse = value),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ FACET_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, FACET_MAIL_FROM: 'Facet <no-reply@example.test>' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('mail by SMTP when configured', () => {
  it('delivers the code by SMTP in the asker\'s language and writes no outbox file', async () => {
    const person = newPerson();
    const client = server.client({ lang: 9 });
    await client.call(registerCodeCall, { type: 'email', account: person.email, ...(await solvedCaptcha(client)) });
    const mail = smtp.received.find((m) => m.to.includes(person.email));
    expect(mail?.body).toMatch(/\b\d{6}\b/);
    expect(mail?.body).toMatch(/From: Facet <no-reply@example\.test>/);
    expect(server.outboxFiles()).toEqual([]);
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { features: { smtp: boolean } };
    expect(config.features.smtp).toBe(true);
  });

  it('answers "mail not sent" when the mail server refuses, and lets the person retry at once', async () => {
    const person = newPerson();
    const client = server.client();
    smtp.setRefuse(true);
    try {
      await refusal(client.call(registerCodeCall, { type: 'email', account: person.email, ...(await solvedCaptcha(client)) }), Code.MAIL_NOT_SENT);
    } finally {
      smtp.setRefuse(false);
    }
    // No 60-second wait: nothing was delivered.
    await client.call(registerCodeCall, { type: 'email', account: person.email, ...(await solvedCaptcha(client)) });
    expect(smtp.received.some((m) => m.to.includes(person.email))).toBe(true);
  });
});
