/**
 * The ILIKE pattern that finds `text` anywhere in a column: `%`, `_` and the backslash in what
 * someone typed match themselves, not any text (PostgreSQL's default escape character is `\`).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
