import type { ROUTES } from '@asl/protocol';

/** The route table's type (no code: the table itself is loaded on demand). */
export type Routes = typeof ROUTES;

/**
 * The REST route table with its zod schemas (packages/protocol routes.ts), loaded on the first
 * API call rather than with the page: the sign-in page's JavaScript stays within its budget
 * (tools/check-bundle-budget.mjs).
 */
export const loadRoutes = () => import('@asl/protocol/routes');
