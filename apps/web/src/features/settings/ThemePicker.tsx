import { useId } from 'react';
import { setTheme, usePreferences } from './preferences';
import { THEMES, type Theme } from './themes';
import './theme-picker.css';

/** The header's theme picker: Light, Dark, High Contrast. */
export function ThemePicker() {
  const prefs = usePreferences();
  const id = useId();
  return (
    <div className="theme-picker">
      <label htmlFor={id} className="visually-hidden">
        Theme
      </label>
      <select id={id} value={prefs.theme} onChange={(e) => setTheme(e.target.value as Theme['id'])}>
        {THEMES.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}
