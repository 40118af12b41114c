/** Browser actions the error screens take, kept in one place so tests can replace them. */
export const browser = {
  reload: (): void => window.location.reload(),
  assign: (url: string): void => window.location.assign(url),
};

/** The support address from configuration (VITE_SUPPORT_EMAIL), 'support@localhost' otherwise. */
export function supportEmail(): string {
  const v = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined)?.trim();
  return v || 'support@localhost';
}
