/**
 * After a failed submit: moves focus to the form's first field marked invalid (call it once the
 * errors have rendered, e.g. from an effect). Returns whether a field took focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
  return !!field;
}
