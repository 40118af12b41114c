import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a failed submit: moves focus to the form's first field marked invalid (call it once the
 * errors have rendered, e.g. from an effect). Returns whether a field took focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  field?.focus();
  return !!field;
}

/**
 * A form whose first invalid field takes focus after each failed submit (its error is read with
 * it): put `form` on the <form> and call `failed()` when a submit finds problems.
 */
export function useFocusFirstInvalid() {
  const form = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) focusFirstInvalid(form.current);
  }, [failures]);
  const failed = useCallback(() => setFailures((n) => n + 1), []);
  return { form, failed };
}
