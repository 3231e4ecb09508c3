import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { LocalApiAnswer } from './localApiClient.ts';

/**
 * What a tool answers. A success is JSON text (or an image); a failure is an error result whose
 * text is `{"error": <stable code>}` with an optional detail, so a model can branch on the code as
 * a script branches on the local API's `msg`. Nothing is thrown to the SDK: a thrown error
 * reaches the model as free text with no code.
 */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value ?? null) }] };
}

export function failureResult(code: string, detail?: unknown): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: code, ...(detail === undefined ? {} : { detail }) }) }] };
}

/** A local API answer: its `data` on success, its `msg` (the stable code) on refusal. */
export function localApiResult(answer: LocalApiAnswer): CallToolResult {
  return answer.code === 0 ? jsonResult(answer.data) : failureResult(answer.msg, answer.data);
}

/** Long text cut to `limit` characters, saying so at its end, so a model knows it saw a part. */
export function cappedTextResult(text: string, limit: number): CallToolResult {
  if (text.length <= limit) return { content: [{ type: 'text', text }] };
  return { content: [{ type: 'text', text: `${text.slice(0, limit)}\n[cut: the first ${limit} of ${text.length} characters]` }] };
}
