import { FONT_SIZES_PX, themeChangedMessage, NOTIFICATION_MESSAGES } from '@asl/protocol';
import { useSyncExternalStore } from 'react';
import { notify } from '../../lib/notifications/notifications';
import { readJson, writeJson } from '../../lib/storage/keys';
import { themeById, type Theme } from './themes';

export type FontSize = keyof typeof FONT_SIZES_PX;
export interface AccessibilitySettings {
  fontSize: FontSize;
  reducedMotion: boolean;
  highContrast: boolean;
  screenReader: boolean;
}

export interface Preferences {
  theme: Theme['id'];
  accessibility: AccessibilitySettings;
}

const mq = (q: string) => typeof window !== 'undefined' && !!window.matchMedia?.(q).matches;

const systemTheme = (): Theme['id'] =>
  mq('(prefers-contrast: more)') ? 'high-contrast' : mq('(prefers-color-scheme: dark)') ? 'dark' : 'light';

/** The theme to go back to when high contrast is switched off: the last other theme, else the system's. */
let baseTheme: Exclude<Theme['id'], 'high-contrast'> = 'light';

function load(): Preferences {
  const stored = readJson<{ name?: string; base?: string } | null>('theme_settings', null);
  const saved =
    readJson<{ accessibility?: Partial<AccessibilitySettings> }>('user_preferences', {}).accessibility ?? {};
  let theme = themeById(stored?.name ?? systemTheme()).id;
  // One state: a "High contrast" tick saved before the two controls were joined becomes the
  // theme (as public/prefs.js reads it before the first paint); every save keeps the two equal.
  if (saved.highContrast === true) theme = 'high-contrast';
  const base = stored?.base ? themeById(stored.base).id : null;
  const systemBase = mq('(prefers-color-scheme: dark)') ? 'dark' : 'light';
  baseTheme = theme !== 'high-contrast' ? theme : base && base !== 'high-contrast' ? base : systemBase;
  return {
    theme,
    accessibility: {
      fontSize: saved.fontSize && saved.fontSize in FONT_SIZES_PX ? saved.fontSize : 'medium',
      reducedMotion: saved.reducedMotion ?? mq('(prefers-reduced-motion: reduce)'),
      highContrast: theme === 'high-contrast',
      screenReader: saved.screenReader ?? false,
    },
  };
}

let current: Preferences = load();
const listeners = new Set<() => void>();

/** Puts the preferences on <html>: theme, font size, reduced motion, screen-reader mode. */
export function applyPreferences(p: Preferences): void {
  const root = document.documentElement;
  root.dataset.theme = p.theme;
  root.style.fontSize = `${FONT_SIZES_PX[p.accessibility.fontSize]}px`;
  if (p.accessibility.reducedMotion) root.dataset.reducedMotion = 'true';
  else delete root.dataset.reducedMotion;
  if (p.accessibility.screenReader) root.dataset.screenReader = 'true';
  else delete root.dataset.screenReader;
}

/** The PREFERENCES toasts replace each other: one at a time however fast the learner clicks. */
const TOAST = { kind: 'preferences' } as const;

function commit(next: Preferences): void {
  // The header's picker and the Settings tick are one state: high contrast is the theme.
  next = { ...next, accessibility: { ...next.accessibility, highContrast: next.theme === 'high-contrast' } };
  if (next.theme !== 'high-contrast') baseTheme = next.theme;
  current = next;
  writeJson('theme_settings', { name: next.theme, base: baseTheme });
  writeJson('user_preferences', { ...readJson<object>('user_preferences', {}), accessibility: next.accessibility });
  applyPreferences(next);
  for (const l of listeners) l();
}

export function setTheme(id: Theme['id']): void {
  commit({ ...current, theme: id });
  notify(themeChangedMessage(themeById(id).name), 'success', undefined, undefined, TOAST);
}

/** Accessibility settings; ticking or unticking high contrast is a theme change (to or from High Contrast). */
export function updateAccessibility(patch: Partial<AccessibilitySettings>): void {
  const { highContrast, ...rest } = patch;
  if (highContrast !== undefined && highContrast !== current.accessibility.highContrast) {
    if (Object.keys(rest).length) commit({ ...current, accessibility: { ...current.accessibility, ...rest } });
    setTheme(highContrast ? 'high-contrast' : baseTheme);
    return;
  }
  commit({ ...current, accessibility: { ...current.accessibility, ...rest } });
  notify(NOTIFICATION_MESSAGES.accessibilityUpdated, 'success', undefined, undefined, TOAST);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}

export function initPreferences(): void {
  current = load();
  applyPreferences(current);
}
