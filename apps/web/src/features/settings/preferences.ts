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

function load(): Preferences {
  const theme = readJson<{ name?: string } | null>('theme_settings', null)?.name;
  const saved =
    readJson<{ accessibility?: Partial<AccessibilitySettings> }>('user_preferences', {}).accessibility ?? {};
  return {
    theme: themeById(
      theme ??
        (mq('(prefers-contrast: more)') ? 'high-contrast' : mq('(prefers-color-scheme: dark)') ? 'dark' : 'light'),
    ).id,
    accessibility: {
      fontSize: saved.fontSize && saved.fontSize in FONT_SIZES_PX ? saved.fontSize : 'medium',
      reducedMotion: saved.reducedMotion ?? mq('(prefers-reduced-motion: reduce)'),
      highContrast: saved.highContrast ?? false,
      screenReader: saved.screenReader ?? false,
    },
  };
}

let current: Preferences = load();
const listeners = new Set<() => void>();

/** Puts the preferences on <html>: theme, font size, reduced motion, screen-reader mode. */
export function applyPreferences(p: Preferences): void {
  const root = document.documentElement;
  root.dataset.theme = p.accessibility.highContrast ? 'high-contrast' : p.theme;
  root.style.fontSize = `${FONT_SIZES_PX[p.accessibility.fontSize]}px`;
  if (p.accessibility.reducedMotion) root.dataset.reducedMotion = 'true';
  else delete root.dataset.reducedMotion;
  if (p.accessibility.screenReader) root.dataset.screenReader = 'true';
  else delete root.dataset.screenReader;
}

function commit(next: Preferences): void {
  current = next;
  writeJson('theme_settings', { name: next.theme });
  writeJson('user_preferences', { ...readJson<object>('user_preferences', {}), accessibility: next.accessibility });
  applyPreferences(next);
  for (const l of listeners) l();
}

export function setTheme(id: Theme['id']): void {
  commit({ ...current, theme: id });
  notify(themeChangedMessage(themeById(id).name), 'success');
}

export function updateAccessibility(patch: Partial<AccessibilitySettings>): void {
  commit({ ...current, accessibility: { ...current.accessibility, ...patch } });
  notify(NOTIFICATION_MESSAGES.accessibilityUpdated, 'success');
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
