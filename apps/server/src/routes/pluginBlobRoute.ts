import { Code, PLUGIN_BLOB_PREFIX, pluginSha256Field } from '@facet/contracts';
import type { FastifyInstance } from 'fastify';
import { answer } from '../calls/answers.ts';
import { requestLanguage, sendError } from '../calls/registerCalls.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services/container.ts';
import { bearerAccount } from './bearerAccount.ts';

/**
 * GET /v2/plugins/blob/:sha256 — a plugin version's zip, for the desktop agent's cache (keyed
 * and checked by the same hash) and the console. A download is bytes, so refusals keep their
 * `{code,msg,data}` body but also carry an HTTP status a downloader cannot mistake for a file.
 */
export function pluginBlobRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { sha256: string } }>(`${PLUGIN_BLOB_PREFIX}:sha256`, async (request, reply) => {
    const language = requestLanguage(request);
    try {
      if (!pluginSha256Field.safeParse(request.params.sha256).success) throw new AppError(Code.NOT_FOUND, null, 404);
      const { account } = await bearerAccount(request, services, true);
      const sha256 = request.params.sha256;
      const blob = await services.pluginAssignments.blob(account, sha256);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', blob.size)
        .header('content-disposition', `attachment; filename="${sha256}.zip"`)
        // The bytes behind a hash never change: cache forever, but only in the caller's own cache.
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .send(blob.stream);
    } catch (error) {
      if (error instanceof AppError && error.code === Code.SESSION_EXPIRED) return reply.status(401).send(answer(error.code, language, error.data));
      return sendError(reply, error, language);
    }
  });
}
