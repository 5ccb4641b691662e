// Types for the checker's pure functions, which its test imports.
export function productAnchors(markdown: string): Set<string>;
export function findCitations(path: string, src: string, anchors: Set<string>): { line: number; message: string }[];
