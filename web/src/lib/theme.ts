import { alpha, createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type TThemeMode = (typeof THEME_MODES)[number];

export function isThemeMode(value: unknown): value is TThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** Spec part 1 §9 breakpoints (MUI's, plus xxl). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536, xxl: 1700 } as const;

export function createAppTheme(mode: 'light' | 'dark'): Theme {
  const primary = mode === 'dark' ? '#7d9dff' : '#3358d4';
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: primary },
      secondary: { main: mode === 'dark' ? '#2fd1b2' : '#128a74' },
      error: { main: mode === 'dark' ? '#f16b6b' : '#c62828' },
      background:
        mode === 'dark' ? { default: '#121212', paper: '#1c1d21' } : { default: '#f5f6f8', paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // Keyboard users must always see where focus is.
          ':focus-visible': { outline: `2px solid ${primary}`, outlineOffset: 2 },
          '.MuiButtonBase-root.Mui-focusVisible': { outline: `2px solid ${primary}`, outlineOffset: 2 },
        },
      },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            '&.Mui-selected': { backgroundColor: alpha(primary, 0.16) },
          },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      // Some spec messages are lowercase sentences ("enter your email"); the DOM keeps the exact text.
      MuiFormHelperText: { styleOverrides: { root: { '&::first-letter': { textTransform: 'uppercase' } } } },
      MuiDialogContentText: { styleOverrides: { root: { '&::first-letter': { textTransform: 'uppercase' } } } },
      MuiAlert: { styleOverrides: { message: { '&::first-letter': { textTransform: 'uppercase' } } } },
    },
  });
}
