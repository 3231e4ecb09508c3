import { ApiError } from '@facet/api-client';
import { Code, SYNC_CHUNKS_PREFIX, decodeChunkFrames, encodeChunkFrames, envelopeSchema, syncLimits } from '@facet/contracts';
import { z } from 'zod';
import { SyncRefusal } from './syncRefusal.ts';

const answerSchema = envelopeSchema(z.unknown());

/**
 * The chunk routes of the server (routes/syncChunkRoutes.ts): raw frames, the same bearer as the
 * calls. A refusal answers `{code,msg,data}` with an HTTP status, turned into the ApiError the
 * calls throw, so callers branch on codes alike.
 */
export async function putChunks(serverUrl: string, bearer: string, deviceKey: string, profileId: string, chunks: { id: string; bytes: Buffer }[]): Promise<void> {
  const body = encodeChunkFrames(chunks);
  const response = await fetch(new URL(`${SYNC_CHUNKS_PREFIX}${profileId}/chunks`, serverUrl), {
    method: 'PUT',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': deviceKey },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  const answer = await envelopeOf(response);
  if (!response.ok || answer?.code !== 0) throw refusal(response, answer);
}

export async function readChunks(serverUrl: string, bearer: string, profileId: string, ids: string[]): Promise<Map<string, Buffer>> {
  const response = await fetch(new URL(`${SYNC_CHUNKS_PREFIX}${profileId}/chunks/read`, serverUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ids }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok || response.headers.get('content-type') !== 'application/octet-stream') {
    const answer = await envelopeOf(response);
    // The server no longer holds a chunk the version names: the version is unusable, not the network.
    if (answer?.code === Code.NOT_FOUND) throw new SyncRefusal('missingChunk', `the server does not hold ${ids.length === 1 ? `chunk ${ids[0]}` : `some of ${ids.length} chunks`}`);
    throw refusal(response, answer);
  }
  const frames = decodeChunkFrames(new Uint8Array(await response.arrayBuffer()), syncLimits.maxSealedChunkBytes);
  // Cut off on the way: what arrived whole is not trusted either, the download is asked again.
  if (!frames) throw new Error('the chunk download was cut off');
  return new Map(frames.map((f) => [f.id, Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength)]));
}

async function envelopeOf(response: Response): Promise<{ code: number; msg: string; data?: unknown } | null> {
  try {
    const parsed = answerSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function refusal(response: Response, answer: { code: number; msg: string; data?: unknown } | null): Error {
  return answer && answer.code !== 0 ? new ApiError(answer.code, answer.msg, answer.data ?? null) : new Error(`the chunk route answered HTTP ${response.status}`);
}
