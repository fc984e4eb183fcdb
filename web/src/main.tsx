import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorReporting } from './lib/error-reporter';
import { loadStartLanguage } from './lib/i18n';

installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first render waits for the language's catalogue, so no screen flashes untranslated keys. If the catalogue
// cannot be fetched the app still renders (keys showing) rather than staying blank.
void loadStartLanguage()
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
