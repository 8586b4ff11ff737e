// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createBrowserRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUpdateSearchParams } from './use-update-search-params';

type Update = ReturnType<typeof useUpdateSearchParams>;

/** Renders a page whose every render hands out its update function; returns them all, oldest first. */
function renderPage() {
  const updates: Update[] = [];
  function Page() {
    const [searchParams] = useSearchParams();
    updates.push(useUpdateSearchParams());
    return <p>{searchParams.toString()}</p>;
  }
  const router = createBrowserRouter([{ path: '/admin/applications', element: <Page /> }]);
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
});
