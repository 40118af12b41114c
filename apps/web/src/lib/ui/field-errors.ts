/**
 * A form's problems by field, from a schema's failed parse: each field's first message (the field is
 * the issue's first path segment), to show beside it. Empty when the parse succeeded.
 */
export function fieldErrors<K extends string>(
  parsed:
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path[0] as K] ??= issue.message;
  return out;
}
