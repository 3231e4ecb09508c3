import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Without a mail server, messages are written to `<data>/outbox/` and to the server log, so a
 * person running Facet locally can read their sign-up code. Never used when SMTP is set.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = path.join(this.dir, `${stamp}-${safeTo}.eml`);
    const body = [`To: ${message.to}`, `Subject: ${message.subject}`, `Date: ${new Date().toUTCString()}`, '', message.text, ''].join('\n');
    await fs.writeFile(file, body, { mode: 0o600 });
    this.log.info({ to: message.to, file }, `mail (no SMTP configured) — ${message.subject}: ${message.text}`);
  }
}
