import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { storedLanguage, switchLanguage, type TLanguage } from './i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';
import { createAppTheme, isThemeMode, type TThemeMode } from './theme';

interface TPreferences {
  themeMode: TThemeMode;
  resolvedMode: 'light' | 'dark';
  language: TLanguage;
  setThemeMode: (mode: TThemeMode) => void;
  setLanguage: (language: TLanguage) => void;
}

const PreferencesContext = createContext<TPreferences | null>(null);

/** localStorage is the source of truth so theme and language work before sign-in (dark is the default). */
function storedThemeMode(): TThemeMode {
  const v = readStorage(STORAGE_KEYS.theme);
  return isThemeMode(v) ? v : 'dark';
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [themeMode, setThemeModeState] = useState<TThemeMode>(storedThemeMode);
  const [language, setLanguageState] = useState<TLanguage>(storedLanguage);
  const prefersLight = useMediaQuery('(prefers-color-scheme: light)', { noSsr: true });
  const resolvedMode = themeMode === 'system' ? (prefersLight ? 'light' : 'dark') : themeMode;

  const setThemeMode = useCallback((mode: TThemeMode) => {
    writeStorage(STORAGE_KEYS.theme, mode);
    setThemeModeState(mode);
  }, []);

  const setLanguage = useCallback((next: TLanguage) => {
    writeStorage(STORAGE_KEYS.language, next);
    // The switch shows the new language once its catalogue is in, together with every translated text.
    void switchLanguage(next).then((applied) => {
      if (!applied) return;
      document.documentElement.lang = next;
      setLanguageState(next);
    });
  }, []);

  const theme = useMemo(() => createAppTheme(resolvedMode), [resolvedMode]);
  const value = useMemo(
    () => ({ themeMode, resolvedMode, language, setThemeMode, setLanguage }),
    [themeMode, resolvedMode, language, setThemeMode, setLanguage],
  );

  return (
    <PreferencesContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </PreferencesContext.Provider>
  );
}

export function usePreferences(): TPreferences {
  const ctx = useContext(PreferencesContext);
  if (!ctx) throw new Error('usePreferences must be used inside PreferencesProvider');
  return ctx;
}
