import { Code, SYNC_CHUNKS_PREFIX, chunkIdField, decodeChunkFrames, deviceKeyField, encodeChunkFrames, syncLimits } from '@facet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { answer } from '../calls/answers.ts';
import { requestLanguage, sendError } from '../calls/registerCalls.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services/container.ts';
import { bearerAccount } from './bearerAccount.ts';

const profileIdParam = z.string().regex(/^[a-z0-9]{1,40}$/);
const readRequest = z.object({ ids: z.array(chunkIdField).min(1).max(syncLimits.maxChunksPerRequest) });

/**
 * The sealed chunks of a profile's state, outside the signed-call layer (a JSON envelope would
 * carry them as base64, a third more). Authorization is the bearer token, as for plugin uploads;
 * saving also needs the profile's lease on the sending machine (`x-facet-device-key`).
 *
 * - `PUT /v2/sync/:profileId/chunks`: frames (contracts encodeChunkFrames), at most 32 MB.
 * - `POST /v2/sync/:profileId/chunks/read` with `{ ids }`: the frames of those chunks.
 */
export function syncChunkRoutes(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: syncLimits.maxRequestBytes }, (_request, body, done) => done(null, body));
    scope.put<{ Params: { profileId: string } }>(`${SYNC_CHUNKS_PREFIX}:profileId/chunks`, async (request, reply) => {
      const language = requestLanguage(request);
      try {
        const profileId = param(request);
        const { account, runScope } = await bearerAccount(request, services, true);
        const deviceKey = deviceKeyField.safeParse(request.headers['x-facet-device-key']);
        if (!deviceKey.success) throw invalid('x-facet-device-key');
        if (runScope && (runScope.profileId !== profileId || runScope.deviceKey !== deviceKey.data)) throw new AppError(Code.NOT_FOUND, null, 404);
        if (!Buffer.isBuffer(request.body)) throw invalid('body');
        const frames = decodeChunkFrames(request.body, syncLimits.maxSealedChunkBytes);
        if (!frames || frames.length === 0) throw invalid('body');
        const stored = await services.sync.store(account, profileId, deviceKey.data, frames);
        return reply.send(answer(Code.OK, language, { stored }));
      } catch (error) {
        return refuse(reply, error, language);
      }
    });
    scope.post<{ Params: { profileId: string } }>(`${SYNC_CHUNKS_PREFIX}:profileId/chunks/read`, async (request, reply) => {
      const language = requestLanguage(request);
      try {
        const profileId = param(request);
        const { account, runScope } = await bearerAccount(request, services, true);
        // A host's run token reads the state of the profile it runs, nothing else; an ended run's, nothing.
        if (runScope && (runScope.profileId !== profileId || runScope.ending)) throw new AppError(Code.NOT_FOUND, null, 404);
        const asked = readRequest.safeParse(request.body);
        if (!asked.success) throw invalid('ids');
        const chunks = await services.sync.read(account, profileId, asked.data.ids);
        const body = encodeChunkFrames(chunks);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
      } catch (error) {
        return refuse(reply, error, language);
      }
    });
  });
}

function param(request: FastifyRequest<{ Params: { profileId: string } }>): string {
  const parsed = profileIdParam.safeParse(request.params.profileId);
  // An id that cannot be a profile's is simply no profile of the caller's.
  if (!parsed.success) throw new AppError(Code.NOT_FOUND, null, 404);
  return parsed.data;
}

function invalid(path: string): AppError {
  return new AppError(Code.INVALID_INPUT, { issues: [{ path, key: 'validation.invalid' }] }, 400);
}

/** Bytes routes answer refusals with an HTTP status a downloader cannot take for chunks. */
function refuse(reply: FastifyReply, error: unknown, language: ReturnType<typeof requestLanguage>) {
  if (error instanceof AppError && error.code === Code.SESSION_EXPIRED) return reply.status(401).send(answer(error.code, language, error.data));
  if (error instanceof AppError && error.httpStatus === 200) return reply.status(error.code === Code.NOT_FOUND ? 404 : 409).send(answer(error.code, language, error.data));
  return sendError(reply, error, language);
}
