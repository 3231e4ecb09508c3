import { hmacSha256, toHex } from './sha256.ts';
import { encodePayload, utf8Encode } from './utf8.ts';

/**
 * Every /v2/web/ request carries these fields (spec §7). `data` is the base64 of the JSON
 * payload; `sign` is HMAC-SHA-256 over the other fields and the call's path. The key ships in
 * `config.json`, so it is no secret: it stops accidental and cross-call reuse, and the server's
 * replay check stops verbatim resends. Authorization rests on `auth`, never on `sign`.
 */
export interface SignedRequest {
  auth: string;
  lang: number;
  timestamp: number;
  nonce: string;
  data: string;
  sign: string;
}

export type UnsignedRequest = Omit<SignedRequest, 'sign'>;

export function signatureBase(path: string, request: UnsignedRequest): string {
  return [path, request.auth, String(request.lang), String(request.timestamp), request.nonce, request.data].join('\n');
}

export function computeSignature(key: string, path: string, request: UnsignedRequest): string {
  return toHex(hmacSha256(utf8Encode(key), utf8Encode(signatureBase(path, request))));
}

/** Comparison that takes the same time wherever the strings differ. */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface SignInput {
  key: string;
  path: string;
  auth?: string | null;
  lang: number;
  payload: unknown;
  now?: number;
  nonce: string;
}

export function signRequest(input: SignInput): SignedRequest {
  const unsigned: UnsignedRequest = {
    auth: input.auth ?? '',
    lang: input.lang,
    timestamp: input.now ?? Date.now(),
    nonce: input.nonce,
    data: encodePayload(input.payload),
  };
  return { ...unsigned, sign: computeSignature(input.key, input.path, unsigned) };
}
