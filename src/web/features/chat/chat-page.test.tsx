// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ChatPage from './chat-page';

interface Reply {
  status: number;
  body: unknown;
}

/** fetch answered per method and path; every call recorded. */
function stubFetch(routes: Record<string, () => Reply>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = routes[`${method} ${url}`]?.() ?? { status: 404, body: { error: { code: 'not_found', message: 'No route.' } } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const empty = { applicationId: '3f0c1a52-0000-4000-8000-000000000001', messages: [], olderCursor: null, unread: 0, home: null };

/** /chat (docs/product/application.md#conversation): its states and the composer. */
describe('ChatPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('invites a first question, and a failed send keeps the text with the reason', async () => {
    const calls = stubFetch({
      'GET /api/messages': () => ({ status: 200, body: empty }),
      'POST /api/messages': () => ({
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many attempts. Please wait 5 minutes and try again.' } },
      }),
    });
    renderPage();
    expect(await screen.findByText('Ask us anything about your application')).toBeTruthy();
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Is my pay stub enough?' } });
    expect(screen.getByText('22 / 5,000')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('Too many attempts. Please wait 5 minutes and try again.')).toBeTruthy();
    expect(box.value).toBe('Is my pay stub enough?');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/messages', body: { body: 'Is my pay stub enough?' } }]);
  });

  it('says so when there is no application yet, and offers a retry when loading fails', async () => {
    stubFetch({ 'GET /api/messages': () => ({ status: 200, body: { ...empty, applicationId: null } }) });
    renderPage();
    expect(await screen.findByText('No application yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start your application' }).getAttribute('href')).toBe('/apply');
    cleanup();

    stubFetch({ 'GET /api/messages': () => ({ status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong on our side.' } } }) });
    renderPage();
    expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a deleted message in place and marks the newest read when there is something unread', async () => {
    const at = new Date().toISOString();
    const calls = stubFetch({
      'GET /api/messages': () => ({
        status: 200,
        body: {
          ...empty,
          unread: 1,
          messages: [
            { id: 'a0000000-0000-4000-8000-000000000001', side: 'applicant', senderName: 'Ada', body: '', createdAt: at, deletedAt: at, mine: true },
            {
              id: 'a0000000-0000-4000-8000-000000000002',
              side: 'staff',
              senderName: 'Sam Reviewer',
              body: 'Hello Ada',
              createdAt: at,
              deletedAt: null,
              mine: false,
            },
          ],
        },
      }),
      'POST /api/messages/read': () => ({ status: 200, body: { unread: 0 } }),
    });
    renderPage();
    expect(await screen.findByText('Message deleted')).toBeTruthy();
    expect(screen.getByText('Sam Reviewer')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/messages/read')).toEqual([
        { method: 'POST', url: '/api/messages/read', body: { upTo: 'a0000000-0000-4000-8000-000000000002' } },
      ]),
    );
    // A deleted message has nothing left to delete.
    expect(screen.queryByRole('button', { name: 'Delete your message' })).toBeNull();
  });
});
