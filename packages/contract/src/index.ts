export * from './wire/dates.ts';
export * from './wire/envelope.ts';
export * from './roles.ts';
export * from './errors.ts';
