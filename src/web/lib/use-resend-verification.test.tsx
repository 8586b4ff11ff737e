// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { queryClient } from './query-client';
import { sessionQuery } from './session';
import { useResendVerification } from './use-resend-verification';

const sendVerificationEmail = vi.fn();
vi.mock('./auth-api', () => ({ sendVerificationEmail: (email: string) => sendVerificationEmail(email) }));
const toasts: [string, string, string | undefined][] = [];
vi.mock('./toast', () => ({
  notify: {
    success: (title: string, description?: string) => toasts.push(['success', title, description]),
    error: (title: string, description?: string) => toasts.push(['error', title, description]),
    info: (title: string, description?: string) => toasts.push(['info', title, description]),
  },
}));

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

/** Resend verification is written once (docs/product/accounts.md#messages): the banner, the submit step and the verify page use this hook. */
describe('useResendVerification', () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    sendVerificationEmail.mockReset();
    toasts.length = 0;
  });

  it("sends to the signed-in user's address, or to the one passed, and says where the new link went", async () => {
    sendVerificationEmail.mockResolvedValue({ status: true });
    const { result } = renderHook(() => useResendVerification('ada@example.com'), { wrapper });
    await act(() => result.current.mutateAsync());
    await act(() => result.current.mutateAsync('typed@example.com'));
    expect(sendVerificationEmail.mock.calls).toEqual([['ada@example.com'], ['typed@example.com']]);
    expect(toasts).toEqual([
      ['success', 'Verification email sent', 'Check ada@example.com for the new link.'],
      ['success', 'Verification email sent', 'Check typed@example.com for the new link.'],
    ]);
  });

  it('tells a visitor an already verified address can sign in, and a signed-in user only that it is verified', async () => {
    sendVerificationEmail.mockRejectedValue(new ApiError(400, 'email_already_verified', 'Email is already verified'));
    const visitor = renderHook(() => useResendVerification(), { wrapper });
    act(() => visitor.result.current.mutate('typed@example.com'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual(['info', 'This email address is already verified', 'You can sign in and use your account.']);

    queryClient.setQueryData(sessionQuery.queryKey, { email: 'ada@example.com' } as never);
    const member = renderHook(() => useResendVerification('ada@example.com'), { wrapper });
    act(() => member.result.current.mutate());
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts[1]).toEqual(['info', 'This email address is already verified', undefined]);
  });

  it('shows the failure toast with the server reason otherwise', async () => {
    sendVerificationEmail.mockRejectedValue(new ApiError(429, 'rate_limited', 'Too many attempts. Please wait 60 seconds and try again.'));
    const { result } = renderHook(() => useResendVerification('ada@example.com'), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual(['error', 'Error', 'Too many attempts. Please wait 60 seconds and try again.']);
  });
});
