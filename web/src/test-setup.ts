import { loadCatalogue } from './lib/i18n';

// Components under test render in English, as main.tsx would after loading the start language.
await loadCatalogue('en');
