import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Fresh copies of the wrappers, so each test starts with MUI's Tooltip and Menu not loaded. */
async function freshModules() {
  vi.resetModules();
  const [tooltip, overlay] = await Promise.all([import('./lazy-tooltip'), import('./lazy-overlay')]);
  return { ...tooltip, ...overlay };
}

afterEach(cleanup);

describe('tooltips and menus loaded on first use', () => {
  it('names the bare child by the title, then shows MUI Tooltip for the hover that loaded it, clicks still landing', async () => {
    const { LazyTooltip } = await freshModules();
    const onClick = vi.fn();
    render(
      <LazyTooltip title="New customer">
        <button type="button" onClick={onClick} data-testid="target">
          +
        </button>
      </LazyTooltip>,
    );
    expect(screen.getByTestId('target').getAttribute('aria-label')).toBe('New customer');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId('target'), { pointerType: 'mouse' });
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'New customer');
    fireEvent.click(screen.getByTestId('target'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('target').getAttribute('aria-label')).toBe('New customer');
  });

  it('keeps keyboard focus on the child when Tooltip takes over, and a child named already keeps its name', async () => {
    const { LazyTooltip } = await freshModules();
    render(
      <LazyTooltip title="Theme">
        <button type="button" aria-label="Theme: dark" data-testid="target">
          ☾
        </button>
      </LazyTooltip>,
    );
    expect(screen.getByTestId('target').getAttribute('aria-label')).toBe('Theme: dark');
    const bare = screen.getByTestId('target');
    act(() => bare.focus());
    // Tooltip re-creates its child: the new node has the focus the bare one had, and the same name.
    await waitFor(() => expect(screen.getByTestId('target')).not.toBe(bare));
    expect(document.activeElement).toBe(screen.getByTestId('target'));
    expect(screen.getByTestId('target').getAttribute('aria-label')).toBe('Theme: dark');
  });

  it('renders nothing for a closed menu and the menu once it opens', async () => {
    const { LazyMenu } = await freshModules();
    const anchor = document.createElement('button');
    document.body.append(anchor);
    const view = (open: boolean) => (
      <LazyMenu anchorEl={anchor} open={open} onClose={() => undefined}>
        <li role="menuitem">Logout</li>
      </LazyMenu>
    );
    const { rerender } = render(view(false));
    expect(screen.queryByRole('menu')).toBeNull();
    rerender(view(true));
    expect(await screen.findByRole('menuitem')).toHaveProperty('textContent', 'Logout');
    anchor.remove();
  });
});
