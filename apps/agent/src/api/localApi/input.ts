import type http from 'node:http';
import type { LocalRoute } from '@facet/contracts';
import { invalidInput, LocalApiFailure } from './failures.ts';

/** Bodies above this are refused unread: a profile with 5,000 cookies fits easily. */
const BODY_LIMIT = 1_000_000;

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new LocalApiFailure('body_too_large', 413);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new LocalApiFailure('invalid_json');
  }
}

/** A query as an object: a name given twice is a list (`profile_id=a&profile_id=b`). */
function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/** The route's input from the query (GET) or the JSON body (POST), parsed by its schema. */
export async function inputOf(route: LocalRoute, url: URL, request: http.IncomingMessage): Promise<unknown> {
  const raw = route.method === 'GET' ? queryObject(url) : await readJson(request);
  const parsed = route.input.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}
