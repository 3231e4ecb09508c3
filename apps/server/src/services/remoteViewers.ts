import { Code, type RemoteViewer } from '@facet/contracts';
import { AppError } from '../errors.ts';

/** One viewer socket on a run, as this instance holds it. */
export interface Viewer {
  id: string;
  runId: string;
  profileId: string;
  accountId: string;
  sessionId: string;
  name: string;
  controlling: boolean;
  asking: boolean;
  /** Ends the socket (revoked access, ended session, a stopped run). */
  close(reason: 'ended' | 'revoked'): void;
}

export type ControlAction = 'take' | 'handOver' | 'ask' | 'release';

/**
 * Who watches each run and who controls it: at most one controlling viewer per run. The first
 * viewer of the person who opened the run controls when no one does; everyone else watches until
 * control is taken (no one has it), handed over, or asked for and given.
 */
export class RemoteViewers {
  private readonly viewers = new Map<string, Viewer>();

  add(viewer: Omit<Viewer, 'controlling' | 'asking'>, startedBy: string): Viewer {
    const added: Viewer = { ...viewer, controlling: false, asking: false };
    if (viewer.accountId === startedBy && !this.controllerOf(viewer.runId)) added.controlling = true;
    this.viewers.set(viewer.id, added);
    return added;
  }

  remove(id: string): Viewer | undefined {
    const viewer = this.viewers.get(id);
    this.viewers.delete(id);
    return viewer;
  }

  get(id: string): Viewer | undefined {
    return this.viewers.get(id);
  }

  all(): Viewer[] {
    return [...this.viewers.values()];
  }

  of(runId: string): Viewer[] {
    return this.all().filter((v) => v.runId === runId);
  }

  controlling(id: string): boolean {
    return this.viewers.get(id)?.controlling === true;
  }

  /** The run's viewers as `accountId` sees them. */
  view(runId: string, accountId: string): RemoteViewer[] {
    return this.of(runId).map((v) => ({ id: v.id, name: v.name, controlling: v.controlling, yours: v.accountId === accountId, asking: v.asking }));
  }

  /** `actorViewer` must be one of the actor's own sockets on the run; refused otherwise as not found. */
  control(runId: string, accountId: string, actorViewer: string, action: ControlAction, to: string | undefined): void {
    const me = this.viewers.get(actorViewer);
    if (!me || me.runId !== runId || me.accountId !== accountId) throw new AppError(Code.REMOTE_RUN_NOT_FOUND);
    const controller = this.controllerOf(runId);
    switch (action) {
      case 'take':
        if (controller && controller !== me) throw new AppError(Code.REMOTE_NOT_CONTROLLER);
        me.controlling = true;
        me.asking = false;
        return;
      case 'ask':
        if (!me.controlling) me.asking = true;
        return;
      case 'release':
        me.controlling = false;
        return;
      case 'handOver': {
        if (controller !== me) throw new AppError(Code.REMOTE_NOT_CONTROLLER);
        const next = to ? this.viewers.get(to) : undefined;
        if (!next || next.runId !== runId) throw new AppError(Code.REMOTE_RUN_NOT_FOUND);
        me.controlling = false;
        next.controlling = true;
        next.asking = false;
        return;
      }
    }
  }

  private controllerOf(runId: string): Viewer | undefined {
    return this.of(runId).find((v) => v.controlling);
  }
}
