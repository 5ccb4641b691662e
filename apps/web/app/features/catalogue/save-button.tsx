import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';

/**
 * Save to / remove from My List. The id of the saved entry is looked up when removing, since the
 * video response only carries the flag (product.md#states: the saved-to-my-list flag can be refreshed).
 */
export function SaveButton({ idVideo, saved, signedIn }: { idVideo: number; saved: boolean; signedIn: boolean }) {
  const [isSaved, setSaved] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();

  const toggle = async () => {
    if (!signedIn) {
      await navigate('/login');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (isSaved) {
        const entry = await findEntry(idVideo);
        if (entry) await api.call('videos.removeSaved', { params: { id: entry.id_user_video } });
        setSaved(false);
      } else {
        await api.call('videos.saveVideo', { body: { id_video: idVideo } });
        setSaved(true);
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Button variant={isSaved ? 'secondary' : 'primary'} size="sm" busy={busy} onClick={() => void toggle()}>
        {isSaved ? 'Remove from My List' : 'Save to My List'}
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The whole video's entry: its saved moments (product.md#practice) stay in My List. */
async function findEntry(idVideo: number) {
  const page = await api.call('videos.listSaved', { query: { id_video: idVideo }, cancelKey: false });
  return page.saved.find((entry) => entry.saved_time === null);
}
