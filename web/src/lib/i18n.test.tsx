import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import bsCore from 'virtual:catalogue/bs/core';
import bsRest from 'virtual:catalogue/bs/rest';
import hrRest from 'virtual:catalogue/hr/rest';
import srCore from 'virtual:catalogue/sr/core';
import srRest from 'virtual:catalogue/sr/rest';
import { i18n, loadCatalogue, loadStartLanguage, switchLanguage } from './i18n';
import { STORAGE_KEYS } from './storage-keys';

// test-setup.ts loaded all of English; these tests use the other languages, each its own, so they do not meet.
const someKey = (part: Record<string, string>) => Object.keys(part).find((key) => /^[a-z_]+$/.test(key))!;

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('catalogues in two parts', () => {
  it('starts with only the core of the stored language; the rest comes with the whole catalogue', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'bs');
    await loadStartLanguage();
    expect(i18n.getResource('bs', 'translation', someKey(bsCore))).toBe(bsCore[someKey(bsCore)]);
    expect(i18n.getResource('bs', 'translation', someKey(bsRest))).toBeUndefined();
    await loadCatalogue('bs');
    expect(i18n.getResource('bs', 'translation', someKey(bsRest))).toBe(bsRest[someKey(bsRest)]);
    expect(i18n.getResource('bs', 'translation', someKey(bsCore))).toBe(bsCore[someKey(bsCore)]);
  });

  it('switches language only with both parts in', async () => {
    expect(i18n.getResource('sr', 'translation', someKey(srRest))).toBeUndefined();
    expect(await switchLanguage('sr')).toBe(true);
    expect(i18n.language).toBe('sr');
    expect(i18n.t(someKey(srCore))).toBe(srCore[someKey(srCore)]);
    expect(i18n.t(someKey(srRest))).toBe(srRest[someKey(srRest)]);
  });

  it('re-renders a text whose key arrives with the rest', async () => {
    // A key whose Croatian differs from English (the fallback shown meanwhile, loaded by test-setup.ts).
    const key = Object.keys(hrRest).find((k) => /^[a-z_]+$/.test(k) && hrRest[k] !== i18n.getResource('en', 'translation', k))!;
    const croatian = i18n.cloneInstance({ lng: 'hr' });
    function Label() {
      const { t } = useTranslation();
      return <span data-testid="label">{t(key)}</span>;
    }
    render(
      <I18nextProvider i18n={croatian}>
        <Label />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('label').textContent).toBe(i18n.getResource('en', 'translation', key));
    await loadCatalogue('hr');
    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe(hrRest[key]));
  });
});
