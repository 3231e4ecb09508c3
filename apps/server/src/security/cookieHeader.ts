/**
 * The named cookie's value, or '' when there is none. A value that is no valid percent-encoding
 * (`facet_session=%FF`) is no credential we ever set (cookie() encodes ours): it reads as none,
 * so the request is answered 886 like any other without a session, never a 500.
 */
export function readCookie(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodedOrNone(part.slice(at + 1).trim());
  }
  return '';
}

function decodedOrNone(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // URIError: malformed percent-encoding, which is the answer (see readCookie), not a failure.
    return '';
  }
}
