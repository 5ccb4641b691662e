import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/auth: the account calls of spec §7 (sign-in, profile, sessions, unsubscribes). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me', async (request) => {
    const auth = request.auth;
    return {
      data: {
        user: auth
          ? {
              id_user: auth.user.idUser,
              first_name: auth.user.firstName,
              last_name: auth.user.lastName,
              email: auth.user.email,
              roles: auth.user.roles,
            }
          : null,
      },
    };
  });
};
