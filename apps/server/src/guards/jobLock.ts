/**
 * Keeps a job from running on two server instances at once. Several instances behind a load
 * balancer each start the same timers; the lock lets one of them do a run while the others skip
 * it. Redis (sharedState/redisJobLock.ts) or, without it, the database
 * (repositories/jobLocks.ts: a PostgreSQL advisory lock; SQLite needs none, one file is one
 * process).
 */
export interface JobLock {
  /**
   * Runs `body` unless another instance is running the job named `job` right now; true when it
   * ran. The lock is let go when `body` settles, whether it succeeded or threw (it then rethrows).
   */
  runAlone(job: string, body: () => Promise<void>): Promise<boolean>;
}
