/**
 * PostgreSQL's unique_violation (SQLSTATE 23505), looked for through the `cause` chain because
 * Drizzle wraps the driver's error (both pg and PGlite set `code`).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23505') return true;
  return e.cause ? isUniqueViolation(e.cause) : false;
}

/**
 * Runs `work`; when a unique index refuses it (two people saving the same slug at once, the same
 * purchase twice), throws the error `onViolation` makes instead. Any other failure passes unchanged.
 */
export async function onUniqueViolation<T>(work: () => Promise<T>, onViolation: () => Error): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw onViolation();
    throw err;
  }
}
