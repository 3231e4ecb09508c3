import { createCipheriv, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedLaunch } from '@facet/contracts';

/**
 * Seals a launch's secrets to the agent's device key (contracts: sealedLaunchSchema): a one-time
 * X25519 key pair, HKDF-SHA256 of the shared secret (salted with both public keys) to an
 * AES-256-GCM key, the profile id as associated data. Only the holder of the device's private key
 * (the agent's data folder) opens it; the console, its network log and a script's log see bytes.
 */
export function sealForDevice(deviceKey: string, profileId: string, plain: string): SealedLaunch {
  const device = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: deviceKey }, format: 'jwk' });
  // Encoded by the generation itself, not exported from its key objects afterwards: Node 20
  // deadlocks when a garbage collection frees generateKeyPairSync's job while one of its keys is
  // being exported (the export holds the key's lock, the job's destructor takes it again).
  const own = generateKeyPairSync('x25519', { publicKeyEncoding: { format: 'der', type: 'spki' }, privateKeyEncoding: { format: 'der', type: 'pkcs8' } });
  // An X25519 SPKI is a fixed 12-byte header, then the 32-byte key (RFC 8410).
  const ownPublic = own.publicKey.subarray(-32).toString('base64url');
  const shared = diffieHellman({ privateKey: createPrivateKey({ key: own.privateKey, format: 'der', type: 'pkcs8' }), publicKey: device });
  const salt = Buffer.concat([Buffer.from(ownPublic, 'base64url'), Buffer.from(deviceKey, 'base64url')]);
  const key = Buffer.from(hkdfSync('sha256', shared, salt, 'facet-launch-v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(profileId, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { publicKey: ownPublic, iv: iv.toString('base64url'), data: data.toString('base64url') };
}
