// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUpdateSearchParams } from './use-update-search-params';

type Update = ReturnType<typeof useUpdateSearchParams>;

/** Renders a page whose every render hands out its update function; returns them all, oldest first. */
function renderPage({ slowNavigations = false } = {}) {
  const updates: Update[] = [];
  function Page() {
    const [searchParams] = useSearchParams();
    updates.push(useUpdateSearchParams());
    return <p>{searchParams.toString()}</p>;
  }
  // A loader makes each navigation commit later, as a busy browser does: the address bar changes only then.
  const loader = slowNavigations ? () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 30)) : undefined;
  const router = createBrowserRouter([{ path: '/admin/applications', element: <Page />, loader, hydrateFallbackElement: <p>…</p> }]);
  render(<RouterProvider router={router} />);
  return updates;
}

const set = (key: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set(key, value);
  return next;
};

describe('useUpdateSearchParams', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('changes the query as the URL is now, even from an older render (the search box fires 300 ms after a keystroke)', async () => {
    window.history.replaceState(null, '', '/admin/applications?status=submitted');
    const updates = renderPage();
    const typed = updates[0]!;
    // A click opens the review dialog: the URL changes and the page renders again.
    act(() => void updates.at(-1)!(set('review', 'a1')));
    await waitFor(() => expect(window.location.search).toBe('?status=submitted&review=a1'));
    // The delayed search, made by the render of the keystroke, keeps the dialog open.
    act(() => void typed(set('q', 'Tubman'), { replace: true }));
    await waitFor(() => expect(window.location.search).toBe('?status=submitted&review=a1&q=Tubman'));
  });
  it('keeps a change asked for before the one before it reached the address bar (a click, then the delayed search at once)', async () => {
    window.history.replaceState(null, '', '/admin/applications?status=submitted');
    const updates = renderPage({ slowNavigations: true });
    await waitFor(() => expect(updates.length).toBeGreaterThan(0));
    const typed = updates[0]!;
    // The click's navigation is still loading when the search goes out.
    act(() => void updates.at(-1)!(set('review', 'a1')));
    expect(window.location.search).toBe('?status=submitted');
    act(() => void typed(set('q', 'Tubman'), { replace: true }));
    await waitFor(() => expect(window.location.search).toBe('?status=submitted&review=a1&q=Tubman'));
  });

  it('builds on the address bar again once a change has committed: back, then a search, does not bring the dialog back', async () => {
    window.history.replaceState(null, '', '/admin/applications?status=submitted');
    const updates = renderPage();
    act(() => void updates.at(-1)!(set('review', 'a1')));
    await waitFor(() => expect(window.location.search).toBe('?status=submitted&review=a1'));
    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?status=submitted'));
    act(() => void updates.at(-1)!(set('q', 'Tubman'), { replace: true }));
    await waitFor(() => expect(window.location.search).toBe('?status=submitted&q=Tubman'));
  });
});
