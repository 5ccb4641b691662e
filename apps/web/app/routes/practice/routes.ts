import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// The learner's practice tools (product.md#practice-log): the log and its charts, One Minute
// Changes, Chords I know, and the tuner and metronome.
export const practiceRoutes: AreaRoutes = {
  main: [
    route('me/practice', 'routes/practice/me-practice.tsx', { id: 'me-practice' }),
    route('me/chord-changes', 'routes/practice/me-chord-changes.tsx', { id: 'me-chord-changes' }),
    route('me/chords', 'routes/practice/me-chords.tsx', { id: 'me-chords' }),
    route('practice', 'routes/practice/practice.tsx', { id: 'practice' }),
    route('tuner', 'routes/practice/tuner.tsx', { id: 'tuner' }),
    route('metronome', 'routes/practice/metronome.tsx', { id: 'metronome' }),
  ],
};
