import type { FastifyReply, FastifyRequest } from 'fastify';
import { permissionsFor } from '../auth/permissions';
import type { AuthService, Principal } from '../auth/service';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** preHandler: a valid bearer access token with a live session is required. */
export function requireAuth(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    request.principal = await auth.authenticate(match[1]);
  };
}

/** preHandler: the signed-in user must hold one of the permissions (any-of). */
export function requirePermission(...anyOf: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const roles = request.principal?.user.roles ?? [];
    const held = permissionsFor(roles);
    if (!anyOf.some((p) => held.includes(p))) throw new AppError('FORBIDDEN');
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}
