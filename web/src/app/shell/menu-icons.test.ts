import { describe, expect, it } from 'vitest';
import { MENU_ICONS } from './menu-icons';
import { ALL_MENU_KEYS } from './menu-rules';

describe('MENU_ICONS', () => {
  it('has an icon for every side-menu entry, and none for an entry that does not exist', () => {
    expect(ALL_MENU_KEYS.filter((key) => !MENU_ICONS[key])).toEqual([]);
    expect(Object.keys(MENU_ICONS).filter((key) => !ALL_MENU_KEYS.includes(key))).toEqual([]);
  });
});
