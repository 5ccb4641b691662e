// The operator's metrics' public surface (ADR 0083): services count through `app.metrics`.
export { metricsPlugin } from './metrics.ts';
