export { ThemePicker } from './ThemePicker';
export { AccessibilitySettingsForm } from './AccessibilitySettingsForm';
export { initPreferences } from './preferences';
export { THEMES } from './themes';
