export * from './names.ts';
export * from './threads.ts';
export * from './videos.ts';
export * from './screen.ts';
export * from './dates.ts';
export * from './money.ts';
export * from './text.ts';
export * from './subscriptions.ts';
