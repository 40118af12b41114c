import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ComponentErrorBoundary } from '../features/errors';
import { PageSkeleton, type SkeletonKind } from './PageSkeleton';

/** A component from a lazily loaded module (a chunk of its own). */
export function lazyPage<M, P extends object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

/** A lazy page: its placeholder while the chunk loads, and its own error boundary. */
export function Lazy({ kind, name, children }: { kind: SkeletonKind; name: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ComponentErrorBoundary name={name} resetKeys={[pathname]}>
      <Suspense fallback={<PageSkeleton kind={kind} />}>{children}</Suspense>
    </ComponentErrorBoundary>
  );
}
