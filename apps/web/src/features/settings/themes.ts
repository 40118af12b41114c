/** The Theme entity of spec section 3; the same values drive the CSS variables in styles/tokens.css. */
export interface Theme {
  id: 'light' | 'dark' | 'high-contrast';
  name: string;
  primary: string;
  secondary: string;
  background: string;
  surface: string;
  text: string;
  textSecondary: string;
}

export const THEMES: readonly Theme[] = [
  {
    id: 'light',
    name: 'Light',
    primary: '#2456c8',
    secondary: '#0f766e',
    background: '#f5f7fb',
    surface: '#ffffff',
    text: '#162032',
    textSecondary: '#4a5568',
  },
  {
    id: 'dark',
    name: 'Dark',
    primary: '#8ab4ff',
    secondary: '#5eead4',
    background: '#0f1420',
    surface: '#1a2130',
    text: '#eef2f8',
    textSecondary: '#b4bfd0',
  },
  {
    id: 'high-contrast',
    name: 'High Contrast',
    primary: '#ffff00',
    secondary: '#00ffff',
    background: '#000000',
    surface: '#000000',
    text: '#ffffff',
    textSecondary: '#ffffff',
  },
];

export function themeById(id: string | null | undefined): Theme {
  return THEMES.find((t) => t.id === id) ?? THEMES[0]!;
}
