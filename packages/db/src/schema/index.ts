// Every service's tables; each service owns one Postgres schema (ARCHITECTURE.md).
export * from './auth.ts';
