import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, type KeyObject } from 'node:crypto';
import { launchSecretsSchema, type LaunchSecrets, type SealedLaunch } from '@facet/contracts';

/** An agent's device key pair, as a test holds it: the public half to send, a way to open. */
export function newDevice(): { publicKey: string; open: (sealed: SealedLaunch, profileId: string) => LaunchSecrets } {
  // Encoded by the generation, not exported from its key objects: see launchSeal.ts (a Node 20 deadlock).
  const pair = generateKeyPairSync('x25519', { publicKeyEncoding: { format: 'der', type: 'spki' }, privateKeyEncoding: { format: 'der', type: 'pkcs8' } });
  const own = pair.publicKey.subarray(-32).toString('base64url');
  const privateKey = createPrivateKey({ key: pair.privateKey, format: 'der', type: 'pkcs8' });
  return { publicKey: own, open: (sealed, profileId) => open(privateKey, own, sealed, profileId) };
}

/** The contract's ECIES written out independently of the server's sealing, so a mistake there shows. */
function open(privateKey: KeyObject, devicePublic: string, sealed: SealedLaunch, profileId: string): LaunchSecrets {
  const server = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: sealed.publicKey }, format: 'jwk' });
  const shared = diffieHellman({ privateKey, publicKey: server });
  const salt = Buffer.concat([Buffer.from(sealed.publicKey, 'base64url'), Buffer.from(devicePublic, 'base64url')]);
  const key = Buffer.from(hkdfSync('sha256', shared, salt, 'facet-launch-v1', 32));
  const raw = Buffer.from(sealed.data, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
  decipher.setAAD(Buffer.from(profileId, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  const plain = Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8');
  return launchSecretsSchema.parse(JSON.parse(plain));
}
