/** The credential one client connection of the relay was let through with. */
interface Credential {
  username: string;
  password: string;
}

/**
 * The relay's open client connections and the credential each was let through with. A request
 * or tunnel is checked when it begins, but a tunnel (an https site, a WebSocket) may stay open
 * for hours after its start ended or its share was revoked; a sweep asks again for each one
 * still open and closes those whose credential no longer stands (issue 34).
 */
export class OpenTunnels {
  private readonly open = new Map<number, Credential>();

  /** The credential a connection was let through with (the latest, on a kept-alive one). */
  note(connectionId: number, credential: Credential): void {
    this.open.set(connectionId, credential);
  }

  forget(connectionId: number): void {
    this.open.delete(connectionId);
  }

  /**
   * Asks `stands` once for each credential in use and closes every connection of one that no
   * longer stands. Returns how many were closed.
   */
  async sweep(stands: (credential: Credential) => Promise<boolean>, close: (connectionId: number) => void): Promise<number> {
    const byCredential = new Map<string, { credential: Credential; ids: number[] }>();
    for (const [id, credential] of this.open) {
      const key = `${credential.username}\n${credential.password}`;
      const entry = byCredential.get(key) ?? { credential, ids: [] };
      entry.ids.push(id);
      byCredential.set(key, entry);
    }
    let closed = 0;
    for (const { credential, ids } of byCredential.values()) {
      let standing: boolean;
      try {
        standing = await stands(credential);
      } catch {
        // The database cannot say now: the next sweep asks again rather than cutting a good start.
        continue;
      }
      if (standing) continue;
      for (const id of ids) {
        // Only those still open: one may have closed while the sweep was asking.
        if (!this.open.has(id)) continue;
        this.open.delete(id);
        close(id);
        closed++;
      }
    }
    return closed;
  }
}
