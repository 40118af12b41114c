/**
 * Two projects: `unit` (one module at a time, mocks allowed) and `integration`
 * (the real server on an ephemeral port with real PGlite, and PostgreSQL when available).
 */
declare const _default: import("vite").UserConfig;
export default _default;
