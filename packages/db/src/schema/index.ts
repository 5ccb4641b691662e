// Every service's tables; each service owns one Postgres schema (ARCHITECTURE.md).
export * from './auth.ts';
export * from './messages.ts';
export * from './videos.ts';
export * from './finance.ts';
export * from './analytics.ts';
export * from './platform.ts';
export * from './staff.ts';
export * from './mailers.ts';
