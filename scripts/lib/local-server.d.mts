// Types for the browser tests that share these helpers.
export function freePort(): Promise<number>;
export function waitFor(url: string, timeoutMs: number): Promise<void>;
export function systemTool(name: string, candidates?: string[]): string | undefined;
