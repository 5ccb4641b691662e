// The job queue's public surface (ADR 0003): services enqueue jobs and register handlers here.
export {
  enqueueJob,
  registerJobHandler,
  runDueJobs,
  jobsPlugin,
  backoffMs,
  type EnqueueJobInput,
  type JobContext,
  type JobHandler,
  type JobHandlerOptions,
} from './jobs.ts';
