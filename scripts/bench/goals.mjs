// The goals table of ADR 0056: each figure of the bench as a ratio to its peer in the same run
// (Ghost 5 for pages, bare Fastify for the unread count), with its goal and whether it holds.
export function printGoals({ rows, baseline, ghost, homeBytes }) {
  const row = (key) => rows.find((r) => r.key === key);
  const goals = [];
  const versus = (key, label, peer, peerName, minRatio, maxP99) => {
    const r = row(key);
    if (!r) return;
    const ratio = r.rps / peer.rps;
    goals.push({
      figure: label,
      fretline: `${r.rps.toFixed(0)} ${r.unit ?? 'req/s'}, p99 ${r.p99} ms`,
      peer: `${peerName} ${peer.rps.toFixed(1)} req/s, p99 ${peer.p99} ms`,
      ratio: `${ratio.toFixed(1)}×`,
      // No goal: a figure reported beside the one that has it.
      goal: minRatio === null ? '(reported)' : `≥ ${minRatio}×${maxP99 ? `, p99 ≤ ${maxP99} ms` : ''}`,
      holds: minRatio === null ? '-' : ratio >= minRatio && (!maxP99 || r.p99 <= maxP99) ? 'yes' : 'NO',
    });
  };
  versus('home', 'signed-out home page', ghost.home, 'Ghost home', 10, 100);
  versus('video-signed-out', 'signed-out video page', ghost.post, 'Ghost post', 10, 100);
  versus('video-signed-in', 'signed-in video page', ghost.post, 'Ghost post', 3);
  // The learner's home is theirs alone, rendered per request: measured beside Ghost's home.
  versus('home-signed-in', 'signed-in learner home', ghost.home, 'Ghost home', 1);
  // ADR 0062: the same page from a web tier whose loaders reach the API tier over HTTP.
  versus('video-signed-in-apart', 'signed-in video page, web tier apart', ghost.post, 'Ghost post', null);
  for (const [key, label] of [
    ['unread-api', 'unread count, API-only instance'],
    ['unread-one-process', 'unread count, one process (after pages)'],
  ]) {
    const r = row(key);
    if (!r) continue;
    const ratio = r.rps / baseline.rps;
    const isGoal = key === 'unread-api';
    goals.push({
      figure: label,
      fretline: `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms`,
      peer: `bare Fastify ${baseline.rps.toFixed(0)} req/s`,
      ratio: `${ratio.toFixed(2)}×`,
      goal: isGoal ? '≥ 0.5×, p99 < 20 ms' : '(reported)',
      holds: isGoal ? (ratio >= 0.5 && r.p99 < 20 ? 'yes' : 'NO') : '-',
    });
  }
  const search = row('search');
  if (search)
    goals.push({
      figure: '/videos search and filter',
      fretline: `${search.rps.toFixed(0)} req/s, p99 ${search.p99} ms`,
      peer: '-',
      ratio: '-',
      goal: 'p99 < 50 ms',
      holds: search.p99 < 50 ? 'yes' : 'NO',
    });
  // ADR 0080: chord sets and typos with their "Did you mean", same goal as the plain search.
  const chords = row('chord-search');
  if (chords)
    goals.push({
      figure: '/videos chord-set and typo search',
      fretline: `${chords.rps.toFixed(0)} req/s, p99 ${chords.p99} ms`,
      peer: '-',
      ratio: '-',
      goal: 'p99 < 50 ms',
      holds: chords.p99 < 50 ? 'yes' : 'NO',
    });
  goals.push({
    figure: 'home page bytes over the wire',
    fretline: `${(homeBytes / 1024).toFixed(1)} KB`,
    peer: '-',
    ratio: '-',
    goal: '≤ 200 KB',
    holds: homeBytes <= 200 * 1024 ? 'yes' : 'NO',
  });
  console.log(`\nGoals (ADR 0056); Ghost 5 figures ${ghost.source}:`);
  console.table(goals);
}
