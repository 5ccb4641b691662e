import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { CHORD_LIBRARY, type KnownChord, type LibraryChord } from '@fretline/contract';
import { Badge, Button, Card, Container, EmptyState, LinkButton } from '../../components/ui';
import { ChordDiagram } from '../../components/ui/chord-diagram';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { getServerApi } from '../../lib/api.server';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { useStatusMessage } from '../../lib/status-message';
import { requireMe } from '../../features/account/require-user.server';
import { PracticeLinks } from '../../features/practice/practice-links';
import type { Route } from './+types/me-chords';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Chords I know', description: 'The chords you can play.', path: '/me/chords', matches, noIndex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireMe(request);
  return getServerApi(request).call('videos.getKnownChords');
}

const KINDS = [
  ['open', 'Open chords'],
  ['barre', 'Barre chords'],
  ['power', 'Power chords'],
] as const;

/**
 * Chords I know (product.md#chords-i-know): the chords of the lessons marked done, plus the ones
 * added here, less the ones removed here. Each change saves the whole set (PUT me/chords).
 */
export default function MeChords({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const [chords, setChords] = useState<KnownChord[]>(loaderData.chords);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = useStatusMessage();
  const known = new Map(chords.map((c) => [c.chord_key, c.chord_source]));

  async function save(next: string[], chord: LibraryChord, added: boolean) {
    setBusy(chord.key);
    setError(null);
    try {
      const result = await api.call('videos.putKnownChords', { body: { chords: next } });
      setChords(result.chords);
      status.show(added ? `${chord.name} added to your chords.` : `${chord.name} removed from your chords.`);
      void revalidator.revalidate();
    } catch (err) {
      status.announce();
      setError(err instanceof ApiError ? err.message : 'Your chords could not be saved. Try again.');
    } finally {
      setBusy(null);
    }
  }

  const keys = chords.map((c) => c.chord_key);
  const add = (chord: LibraryChord) => save([...keys, chord.key], chord, true);
  const remove = (chord: LibraryChord) =>
    save(
      keys.filter((k) => k !== chord.key),
      chord,
      false,
    );
  const knownChords = CHORD_LIBRARY.filter((c) => known.has(c.key));

  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Chords I know</h1>
          <p className="mt-2 max-w-prose text-stone-600">
            Chords from the lessons you finish join here by themselves. Add any you already play, remove any you are not sure of,
            and find the songs you can play with them.
          </p>
        </div>
        <PracticeLinks current="/me/chords" />
      </div>

      <div className="mt-6 flex flex-wrap gap-3">
        <LinkButton to="/videos?playable=now" size="sm">
          Songs I can play now
        </LinkButton>
        <LinkButton to="/videos?playable=one-away" size="sm" variant="secondary">
          Songs one chord away
        </LinkButton>
      </div>

      <div aria-live="polite" className="mt-3 min-h-6 text-sm font-medium">
        {status.message ? <span className="text-emerald-700">{status.message}</span> : null}
        {error ? (
          <span role="alert" className="text-red-700">
            {error}
          </span>
        ) : null}
      </div>

      <section aria-labelledby="known-title" className="mt-4">
        <h2 id="known-title" className="text-lg font-bold text-ink-900">
          Your chords ({knownChords.length})
        </h2>
        {knownChords.length ? (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="known-chords">
            {knownChords.map((chord) => (
              <li key={chord.key}>
                <Card className="flex h-full flex-col items-center gap-2 text-center">
                  <ChordDiagram
                    name={chord.name}
                    frets={chord.frets}
                    fingers={chord.fingers}
                    mirror={user.left_handed}
                    className="w-24"
                  />
                  <span className="font-bold text-ink-900">{chord.name}</span>
                  <Badge tone={known.get(chord.key) === 'lesson' ? 'success' : 'neutral'}>
                    {known.get(chord.key) === 'lesson' ? 'From a lesson' : 'Added by you'}
                  </Badge>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="mt-auto"
                    onClick={() => void remove(chord)}
                    busy={busy === chord.key}
                    aria-label={`Remove ${chord.name}`}
                  >
                    Remove
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState className="mt-3" title="No chords yet">
            Finish a lesson that teaches chords, or add the ones you already know below.
          </EmptyState>
        )}
      </section>

      {KINDS.map(([kind, heading]) => {
        const rest = CHORD_LIBRARY.filter((c) => c.kind === kind && !known.has(c.key));
        if (!rest.length) return null;
        return (
          <section key={kind} aria-labelledby={`add-${kind}`} className="mt-8">
            <h2 id={`add-${kind}`} className="text-lg font-bold text-ink-900">
              Add {heading.toLowerCase()}
            </h2>
            <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-8">
              {rest.map((chord) => (
                <li key={chord.key}>
                  <div className="flex h-full flex-col items-center gap-1 rounded-2xl border border-stone-200 bg-white p-2 text-center">
                    <ChordDiagram
                      name={chord.name}
                      frets={chord.frets}
                      fingers={chord.fingers}
                      mirror={user.left_handed}
                      className="w-16"
                    />
                    <span className="text-sm font-semibold">{chord.name}</span>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-auto w-full"
                      onClick={() => void add(chord)}
                      busy={busy === chord.key}
                      aria-label={`Add ${chord.name}`}
                    >
                      Add
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </Container>
  );
}
