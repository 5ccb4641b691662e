export * from './wire/dates.ts';
export * from './wire/envelope.ts';
export * from './roles.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './status.ts';
export * from './entities/index.ts';
export * from './calls/auth.ts';
