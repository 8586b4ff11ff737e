import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_MESSAGE_CHARS, newMessageSchema, type NewMessage } from '../../../domain/application/messages';
import { ApiError } from '../../lib/api';

/**
 * A message box on react-hook-form with the contract's `newMessageSchema`, for both sides of a conversation (the
 * buyer's chat, the review dialog's). The error shows under the box (role=alert), focus stays where the user sent
 * from, a failed send keeps the text, and Ctrl+Enter or ⌘+Enter sends.
 */
export function useMessageComposer<T>(send: UseMutationResult<T, Error, string>, onSent?: () => void) {
  const { register, handleSubmit, setError, reset, control, formState } = useForm<z.input<typeof newMessageSchema>, unknown, NewMessage>({
    resolver: zodResolver(newMessageSchema),
    defaultValues: { body: '' },
    shouldFocusError: false,
  });
  const length = useWatch({ control, name: 'body' }).trim().length;
  const submit = handleSubmit(({ body }) => {
    if (send.isPending) return;
    send.mutate(body, {
      onSuccess: () => {
        reset({ body: '' });
        onSent?.();
      },
      onError: (e) =>
        setError('body', { type: 'server', message: e instanceof ApiError ? (e.fields?.body ?? e.message) : 'Failed to send the message. Please try again.' }),
    });
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
  };
  return {
    field: register('body'),
    error: formState.errors.body?.message,
    length,
    tooLong: length > MAX_MESSAGE_CHARS,
    pending: send.isPending,
    submit,
    onKeyDown,
  };
}
