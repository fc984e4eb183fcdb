import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorReporting } from './lib/error-reporter';
import { loadStartLanguage } from './lib/i18n';

installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first render waits for the core of the language's catalogue (what the shell and the inbox show), so no screen
// flashes untranslated keys; the rest follows once the inbox is up (lib/screen-dependencies.ts). If the core cannot
// be fetched the app still renders (keys showing) rather than staying blank.
void loadStartLanguage()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
