export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Two kinds: SMTP when configured, else the local outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
