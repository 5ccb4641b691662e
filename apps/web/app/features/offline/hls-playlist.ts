// Reading HLS playlists for a kept lesson (ADR 0079): which rendition, which files.

/** The lowest rendition of a master playlist (by BANDWIDTH), or null when the playlist is a rendition itself. */
export function lowestRendition(master: string): { streamInf: string; uri: string } | null {
  const lines = master.split(/\r?\n/);
  let best: { streamInf: string; uri: string; bandwidth: number } | null = null;
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((next) => next.trim() && !next.startsWith('#'));
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Infinity);
    if (uri && (!best || bandwidth < best.bandwidth)) best = { streamInf: line, uri: uri.trim(), bandwidth };
  });
  const found = best as { streamInf: string; uri: string } | null;
  return found ? { streamInf: found.streamInf, uri: found.uri } : null;
}

/** Every file a rendition's playlist names: segments, and its key and init section if any. */
export function renditionFiles(playlist: string): string[] {
  const files: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-KEY:') || line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) files.push(uri);
    } else if (!line.startsWith('#')) files.push(line);
  }
  return files;
}
