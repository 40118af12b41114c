export { ErrorScreen } from './ErrorScreen';
export { ErrorBoundary } from './ErrorBoundary';
export {
  AppErrorBoundary,
  AuthErrorBoundary,
  ComponentErrorBoundary,
  GenericErrorFallback,
  NetworkErrorBoundary,
} from './boundaries';
export { RouteErrorScreen } from './RouteErrorScreen';
export { recover, recoveryPlan, clearChunkReloadGuard } from './recovery';
export { ERROR_VARIANTS, variantForError } from './variants';
export { notFoundMessage, SIGNED_IN_PATHS, useNotFoundNotice } from './not-found-notice';
