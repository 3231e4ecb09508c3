import multipart from '@fastify/multipart';
import { Code, PLUGIN_UPLOAD_PATH, pluginUploadFieldsSchema } from '@facet/contracts';
import { IconRefusal, inspectPackage, PACKAGE_LIMITS, readBoundedUpload, refuse, type AcceptedPackage, type Refusal, type UploadSource } from '@facet/plugin-package';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { answer, invalidInput } from '../calls/answers.ts';
import { requestLanguage, sendError } from '../calls/registerCalls.ts';
import { machineName, runInScope } from '../requestScope.ts';
import { AppError } from '../errors.ts';
import { ICON_LIMITS, inspectIcon, type AcceptedIcon, type IconDeclared } from '../pluginInspection/iconInspector.ts';
import { refusalAnswerCode } from '../pluginInspection/refusalCodes.ts';
import type { Services } from '../services/container.ts';
import { assertMain } from '../services/roles.ts';
import { bearerAccount } from './bearerAccount.ts';

const TEXT_FIELDS = new Set(['pluginId', 'name', 'introduction', 'publisher']);

/**
 * POST /v2/web/plugin/upload — multipart: text fields `name`, `introduction`, `publisher`
 * (and `pluginId` for a new version), files `icon` and `package`. Not a signed call: the
 * envelope cannot carry 20 MB, and authorization rests on the session token anyway. The role is
 * checked before a byte of the body is read; each file streams straight into its inspector,
 * which stops reading at its limit, so nothing is buffered beyond it.
 */
export function pluginUploadRoute(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        // Above the inspector's own limit, so the inspector (with its clear code) stops first.
        fileSize: PACKAGE_LIMITS.maxUploadBytes + 1024 * 1024,
        files: 2,
        fields: TEXT_FIELDS.size,
        fieldSize: 4 * 1024,
        parts: TEXT_FIELDS.size + 2,
      },
    });
    scope.post(PLUGIN_UPLOAD_PATH, async (request, reply) => {
      const language = requestLanguage(request);
      try {
        const { account, session } = await bearerAccount(request, services, false);
        assertMain(account);
        if (!request.isMultipart()) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'body', key: 'validation.invalid' }] });

        const text: Record<string, string> = {};
        let icon: AcceptedIcon | null = null;
        let pkg: AcceptedPackage | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (!TEXT_FIELDS.has(part.fieldname) || typeof part.value !== 'string') throw fieldRefused(part.fieldname);
              text[part.fieldname] = part.value;
            } else if (part.fieldname === 'icon' && !icon) {
              icon = accepted(await readIcon(part.file, { filename: part.filename, contentType: part.mimetype }));
            } else if (part.fieldname === 'package' && !pkg) {
              pkg = accepted(await inspectPackage(part.file, { filename: part.filename, contentType: part.mimetype }));
            } else {
              throw fieldRefused(part.fieldname);
            }
          }
        } catch (error) {
          throw bodyFault(error, request.log);
        }
        const fields = pluginUploadFieldsSchema.safeParse(text);
        if (!fields.success) throw invalidInput(fields.error);
        if (!pkg) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'package', key: 'validation.required' }] });

        const machine = machineName(session?.client_info ?? null, request.headers['user-agent'] ?? '');
        const stored = await runInScope({ machine: () => machine }, () => services.plugins.upload(account, { fields: fields.data, icon, pkg: pkg! }));
        return reply.send(answer(Code.OK, language, stored));
      } catch (error) {
        // A refusal may come before the body was read to its end: close rather than drain it.
        reply.header('connection', 'close');
        return sendError(reply, multipartFault(error), language);
      }
    });
  });
}

/** The icon is read whole (at most 1 MB, counted as it arrives) before its inspector looks. */
async function readIcon(source: UploadSource, declared: IconDeclared) {
  // No head check here: the icon inspector judges the format by the bytes itself.
  const upload = await readBoundedUpload(source, { maxBytes: ICON_LIMITS.maxBytes, headBytes: 1, checkHead: () => true });
  if (upload.kind !== 'complete') return refuse(IconRefusal.TOO_LARGE, { limit: ICON_LIMITS.maxBytes, receivedAtLeast: upload.kind === 'over-limit' ? upload.receivedBytes : 0 });
  return inspectIcon(upload.bytes, declared);
}

function accepted<T extends { ok: true }>(result: T | Refusal): T {
  if (result.ok) return result as T;
  const refusal = result as Refusal<keyof typeof refusalAnswerCode>;
  throw new AppError(refusalAnswerCode[refusal.code], refusal.detail);
}

function fieldRefused(name: string): AppError {
  return new AppError(Code.INVALID_INPUT, { issues: [{ path: name.slice(0, 40), key: 'validation.invalid' }] });
}

/**
 * While the body is read, whatever is not already a refusal of ours or a size fault means the
 * body could not be read as multipart (cut short, malformed): bad input, 400, not a server fault.
 * The parser says so only in its message text, so the phase decides, not the message; the error
 * is logged in case it was ours after all.
 */
function bodyFault(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413) return error;
  log.info({ err: error }, 'plugin upload: the body could not be read as multipart');
  return new AppError(Code.INVALID_INPUT, { issues: [{ path: 'body', key: 'validation.invalid' }] }, 400);
}

/** Multipart's own limits and malformed bodies are input faults; 413 stays a size fault. */
function multipartFault(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return new AppError(Code.PAYLOAD_TOO_LARGE, null, 413);
  if (status !== undefined && status >= 400 && status < 500) return new AppError(Code.INVALID_INPUT, { issues: [{ path: 'body', key: 'validation.invalid' }] }, 400);
  return error;
}
