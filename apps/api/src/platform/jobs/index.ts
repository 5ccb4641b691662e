// The job queue's public surface (ADR 0003): services enqueue jobs and register handlers here.
export { enqueueJob, hasWaitingJob, registerJobHandler, runDueJobs, jobsPlugin, backoffMs, type JobContext } from './jobs.ts';
