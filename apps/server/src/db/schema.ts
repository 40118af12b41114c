import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One schema for PGlite and PostgreSQL (written to the PostgreSQL 15 subset). */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['learner']::text[]`),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

/** A signed-in session: one refresh-token family. Revoking it ends the session everywhere. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_hash_key').on(t.tokenHash)],
);

/** Failed sign-ins by identifier, for the server-side lockout (5 within 15 minutes). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    identifier: text('identifier').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_identifier_idx').on(t.identifier, t.createdAt)],
);

/** The story library, loaded from apps/server/content/stories at start-up (idempotent upsert). */
export const stories = pgTable(
  'stories',
  {
    id: text('id').primaryKey(),
    level: integer('level').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    sentences: jsonb('sentences').notNull(),
    letterCount: integer('letter_count').notNull(),
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stories_level_idx').on(t.level)],
);

/**
 * One practice run of a story, from its first attempt; its position is saved as it moves, so a
 * resume loses nothing. status: active, completed (every letter signed), ended_early
 * ("Complete Story" with letters left), stopped, restarted.
 */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id),
    status: text('status').notNull().default('active'),
    sentenceIndex: integer('sentence_index').notNull().default(0),
    wordIndex: integer('word_index').notNull().default(0),
    letterIndex: integer('letter_index').notNull().default(0),
    lettersDone: integer('letters_done').notNull().default(0),
    overallScore: real('overall_score'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    activeMs: integer('active_ms').notNull().default(0),
    /**
     * The live copy practising the session (one tab at a time): a copy saves only while it is the
     * holder, and a tab taking the session up makes its copy the holder. The device's uploads do
     * not change it. Null: no live copy has taken it up (made by an upload).
     */
    holder: uuid('holder'),
    clientId: uuid('client_id'),
    /**
     * How the session's attempts were counted: 'letters' (an attempt is a change of the hand;
     * scores are letters right at the first try), or 'attempts' for sessions saved before
     * migration 0003, when a held letter could be counted again against the next one.
     */
    counting: text('counting').notNull().default('letters'),
  },
  (t) => [
    index('practice_sessions_user_idx').on(t.userId, t.startedAt),
    uniqueIndex('practice_sessions_client_key').on(t.userId, t.clientId),
  ],
);

/** Every checked attempt at a letter: who, which target, what was seen, how sure, the hint. */
export const practiceAttempts = pgTable(
  'practice_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => practiceSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: text('story_id').notNull(),
    sentenceIndex: integer('sentence_index').notNull(),
    wordIndex: integer('word_index').notNull(),
    letterIndex: integer('letter_index').notNull(),
    target: text('target').notNull(),
    detected: text('detected'),
    confidence: real('confidence').notNull(),
    correct: boolean('correct').notNull(),
    hint: text('hint').notNull(),
    heldMs: integer('held_ms').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clientId: uuid('client_id'),
    /** a wrong reading the learner reported ("This feedback is wrong"): kept, not counted against them */
    withdrawn: boolean('withdrawn').notNull().default(false),
  },
  (t) => [
    index('practice_attempts_user_idx').on(t.userId, t.createdAt),
    index('practice_attempts_session_idx').on(t.sessionId),
    uniqueIndex('practice_attempts_client_key').on(t.userId, t.clientId),
  ],
);

/** "This feedback is wrong": kept with the landmarks, never the image. */
export const feedbackReports = pgTable(
  'feedback_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    target: text('target').notNull(),
    detected: text('detected'),
    confidence: real('confidence'),
    landmarks: jsonb('landmarks'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    clientId: uuid('client_id'),
    /** the movement before the reading: [{ t, landmarks }] (protocol REPORT_MAX_FRAMES at most) */
    frames: jsonb('frames'),
    /** the counted attempt reported (a live row's id or an offline attempt's client_id) */
    attemptId: uuid('attempt_id'),
  },
  (t) => [uniqueIndex('feedback_reports_client_key').on(t.userId, t.clientId)],
);

/** First-party analytics (page views, practice events) of signed-in learners; no third party. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    name: text('name').notNull(),
    props: jsonb('props').notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('analytics_events_client_key').on(t.userId, t.clientId),
    index('analytics_events_name_idx').on(t.name, t.occurredAt),
  ],
);
