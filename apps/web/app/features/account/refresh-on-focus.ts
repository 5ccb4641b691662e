import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/** Spec §4: focusing the window refreshes the user (the loaders run again). */
export function useRefreshOnFocus(): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onFocus = () => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [revalidator]);
}
