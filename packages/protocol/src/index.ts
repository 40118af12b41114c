export * from './constants';
export * from './messages';
export * from './errors';
export * from './auth';
export * from './health';
export * from './live';
export * from './practice';
export * from './offline';
