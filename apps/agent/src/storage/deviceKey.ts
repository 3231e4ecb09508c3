import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { launchSecretsSchema, type LaunchSecrets, type SealedLaunch } from '@facet/contracts';

/** This installation's X25519 key pair: what the server seals a launch's secrets to. */
export interface DeviceKey {
  /** The public half, 32 bytes in base64url, sent with every launch. */
  publicKey: string;
  /** Opens what the server sealed for this device and this profile; throws on anything else. */
  open(sealed: SealedLaunch, profileId: string): LaunchSecrets;
}

/**
 * Read from the agent's data folder, or made there once (0600, like the local API key). The
 * private half never leaves the machine: the console and scripts that start profiles through the
 * agent never see the proxy credentials or cookies of a profile shared with them to run.
 */
export function readOrCreateDeviceKey(dataDir: string): DeviceKey {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'device-key.pem');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`the device key at ${file} cannot be read: ${String(error)}`, { cause: error });
    // Made as text and read back like a stored key: Node 20 deadlocks when a garbage collection
    // frees generateKeyPairSync's job while its key object is being exported (the export holds
    // the key's lock, the job's destructor takes it again). A fresh agent hung at start this way.
    const pem = generateKeyPairSync('x25519', { privateKeyEncoding: { format: 'pem', type: 'pkcs8' }, publicKeyEncoding: { format: 'pem', type: 'spki' } }).privateKey;
    fs.writeFileSync(file, pem, { mode: 0o600 });
    privateKey = createPrivateKey(pem);
  }
  const publicKey = createPublicKey(privateKey).export({ format: 'jwk' }).x!;
  return { publicKey, open: (sealed, profileId) => openSealed(privateKey, publicKey, sealed, profileId) };
}

/** The contract's ECIES (contracts: sealedLaunchSchema), the server's sealing in reverse. */
function openSealed(privateKey: KeyObject, devicePublic: string, sealed: SealedLaunch, profileId: string): LaunchSecrets {
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
