import { chineseContactKinds, type PublicConfig, type SupportContactKind } from '@facet/contracts';

interface ContactChannel {
  kind: SupportContactKind | 'email';
  value: string;
}

/**
 * The channels the contact dialog lists (spec §2): the chat and QQ contacts for the Chinese
 * language, the international messengers for the others, and the support e-mail always. With no
 * contacts configured, the e-mail alone.
 */
export function contactChannels(support: PublicConfig['support'], chinese: boolean): ContactChannel[] {
  const channels: ContactChannel[] = support.contacts.filter((contact) => chineseContactKinds.includes(contact.kind) === chinese);
  if (support.email) channels.push({ kind: 'email', value: support.email });
  return channels;
}
