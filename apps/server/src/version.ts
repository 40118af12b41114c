declare const __APP_VERSION__: string | undefined;

/** Set at build time by esbuild; the dev/test fallback names itself. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
