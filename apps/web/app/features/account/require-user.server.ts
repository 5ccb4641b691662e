import { redirect } from 'react-router';
import { MeSchema, type Me } from '@fretline/contract';
import { getServerApi } from '../../lib/api.server';

/**
 * Guards read first (CONVENTIONS.md): the account pages start with this. A visitor goes to /login
 * (the return cookie already holds this page, so sign-in comes back here).
 */
export async function requireMe(request: Request): Promise<Me> {
  const data = await getServerApi(request).get<{ user: unknown }>('/auth/me');
  const parsed = MeSchema.safeParse(data.user);
  if (!parsed.success || parsed.data.id_user === null) throw redirect('/login');
  return parsed.data;
}

/** The sign-in pages are for visitors; someone signed in goes to their account. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const data = await getServerApi(request)
    .get<{ user: { id_user: number | null } }>('/auth/me')
    .catch(() => undefined);
  if (data?.user.id_user) throw redirect('/me');
}
