/** The practice engine, shared by live (server) and offline (browser) practice. */
export * from './frame.js';
export * from './adjust.js';
export * from './attempts.js';
export * from './engine.js';
export * from './hand-reader.js';
export * from './praise.js';
export * from './practice-time.js';
export * from './scoring.js';
export * from './targets.js';
export * from './scripted.js';
