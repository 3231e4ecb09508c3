/**
 * The saves of profiles' state still under way on this machine (a browser just closed uploads
 * its state): a new start of the same profile waits for its save, so it never downloads over
 * changes still on their way up.
 */
export class StateSaves {
  private readonly pending = new Map<string, Promise<void>>();

  track(profileId: string, save: Promise<unknown>): void {
    const done = save.then(
      () => undefined,
      () => undefined,
    );
    this.pending.set(profileId, done);
    void done.then(() => {
      if (this.pending.get(profileId) === done) this.pending.delete(profileId);
    });
  }

  /** Resolves when the profile has no save under way. */
  settled(profileId: string): Promise<void> {
    return this.pending.get(profileId) ?? Promise.resolve();
  }

  /** At exit: every save finished (or failed). */
  async all(): Promise<void> {
    await Promise.all(this.pending.values());
  }
}
