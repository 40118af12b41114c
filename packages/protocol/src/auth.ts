import { z } from 'zod';

/** Wire shapes of the /auth calls (SPEC.md section 7). */

export const ROLES = { learner: 'learner', admin: 'admin' } as const;
export const PERMISSIONS = {
  readOwnData: 'read:own_data',
  createContent: 'create:content',
  installPlugins: 'install:plugins',
} as const;

export const USERNAME_RULES = { min: 3, max: 32, pattern: /^[A-Za-z0-9_.-]+$/ } as const;
export const PASSWORD_RULES = { min: 8, max: 128 } as const;
export const NAME_MAX = 64;

/** A text field: "X is required." when it is missing, "X must be text." when it is another type. */
const text = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) });
const atMost = (label: string, n: number) => `${label} must be at most ${n} characters.`;

export const usernameSchema = text('Username')
  .trim()
  .min(USERNAME_RULES.min, `Username must be at least ${USERNAME_RULES.min} characters.`)
  .max(USERNAME_RULES.max, `Username must be at most ${USERNAME_RULES.max} characters.`)
  .regex(USERNAME_RULES.pattern, 'Username may contain only letters, digits, dots, dashes and underscores.');

export const emailSchema = text('Email')
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

/** A first or last name: optional in meaning (may be empty), at most NAME_MAX characters. */
const nameSchema = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters.`);

export const passwordSchema = text('Password')
  .min(PASSWORD_RULES.min, `Password must be at least ${PASSWORD_RULES.min} characters.`)
  .max(PASSWORD_RULES.max, `Password must be at most ${PASSWORD_RULES.max} characters.`);

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  createdAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema('First name').optional(),
  lastName: nameSchema('Last name').optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  identifier: text('Email or username')
    .trim()
    .toLowerCase()
    .min(1, 'Email or username is required.')
    .max(254, atMost('Email or username', 254)),
  password: text('Password')
    .min(1, 'Password is required.')
    .max(PASSWORD_RULES.max, atMost('Password', PASSWORD_RULES.max)),
  /** the token this browser was given when it last signed in to the account (device-tokens.ts) */
  device_token: text('Device token').max(128, atMost('Device token', 128)).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  user: userSchema,
  /** sign-in and registration: this browser's token for the account, sent with its next sign-ins */
  device_token: z.string().optional(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;
export const loginResponseSchema = tokenPairSchema;
export const registerResponseSchema = tokenPairSchema;

export const refreshRequestSchema = z.object({
  refresh_token: text('Refresh token').min(1, 'Refresh token is required.').max(512, atMost('Refresh token', 512)),
});
export const refreshResponseSchema = tokenPairSchema;

export const meResponseSchema = z.object({ user: userSchema });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({
  token: text('Reset token').min(1, 'Reset token is required.').max(512, atMost('Reset token', 512)),
  new_password: passwordSchema,
});
/** A reset link's token, checked as the page opens (before a new password is typed for nothing). */
export const resetTokenCheckRequestSchema = resetPasswordRequestSchema.pick({ token: true });

/** What a new password the same as the current one is answered (it would sign out other devices for nothing). */
export const SAME_PASSWORD_MESSAGE = 'Choose a new password, not the one you have now.';

export const changePasswordRequestSchema = z
  .object({
    current_password: text('Current password')
      .min(1, 'Current password is required.')
      .max(PASSWORD_RULES.max, atMost('Current password', PASSWORD_RULES.max)),
    new_password: passwordSchema,
  })
  .refine((b) => b.current_password !== b.new_password, { path: ['new_password'], message: SAME_PASSWORD_MESSAGE });
export const profileUpdateRequestSchema = z
  .object({
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    username: usernameSchema,
  })
  .partial();
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
export type OkResponse = z.infer<typeof okResponseSchema>;
