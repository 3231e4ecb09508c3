import { ConnectionClosedError, ProtocolError, TimeoutError } from 'puppeteer-core';

/**
 * Why a page tool failed, as a stable code a model can branch on. Failures are classified once,
 * here, by their type (ours or Puppeteer's), never by message text.
 */
export type PageFailureCode =
  | 'no_browser_connected'
  | 'browser_not_running'
  | 'no_page_open'
  | 'element_not_found'
  | 'not_an_iframe'
  | 'not_a_select'
  | 'option_not_found'
  | 'navigation_failed'
  | 'timeout'
  | 'page_closed'
  | 'connection_failed'
  | 'script_error'
  | 'page_error'
  | 'save_path_not_allowed';

export class PageFailure extends Error {
  constructor(
    readonly code: PageFailureCode,
    readonly detail?: string,
  ) {
    super(code);
  }
}

/** A failure's code and the detail worth showing a model (Puppeteer's own message stays a detail, never the code). */
export function classifyPageFailure(error: unknown): { code: PageFailureCode; detail?: string } {
  if (error instanceof PageFailure) return { code: error.code, ...(error.detail === undefined ? {} : { detail: error.detail }) };
  const detail = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
  if (error instanceof TimeoutError) return { code: 'timeout', detail };
  if (error instanceof ConnectionClosedError) return { code: 'page_closed', detail };
  // Puppeteer exports TargetCloseError only as a type; its class name is its public identity.
  if (error instanceof ProtocolError) return { code: error.name === 'TargetCloseError' ? 'page_closed' : 'page_error', detail };
  return { code: 'page_error', detail };
}
