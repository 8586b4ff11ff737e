// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LiveRegion } from '../components/ui/live-region';
import { useErrorAnnouncer } from './form-errors';

const schema = z.object({ email: z.email('Enter a valid email address'), password: z.string().min(1, 'Password is required') });
type Values = z.infer<typeof schema>;

/** A form as the app builds one: its live region, the invalid callback, and a refusal from the "server" on submit. */
function Form({ refuse }: { refuse?: string }) {
  const { register, handleSubmit, setError, getFieldState, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const [announcer, announceErrors] = useErrorAnnouncer(getFieldState, ['email', 'password']);
  const onValid = () => {
    if (!refuse) return;
    setError('password', { type: 'server', message: refuse }, { shouldFocus: true });
    announceErrors();
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid, announceErrors)}>
      <LiveRegion announcer={announcer} />
      <input aria-label="Email" {...register('email')} />
      <input aria-label="Password" {...register('password')} />
      {formState.errors.password && <p>{formState.errors.password.message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

const live = () => screen.getByTestId('live-region');
const submit = async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));

describe('useErrorAnnouncer', () => {
  afterEach(cleanup);

  it('says the first field error, in the form’s order, when the client’s check refuses a submit', async () => {
    render(<Form />);
    expect(live().textContent).toBe('');
    await submit();
    expect(live().textContent).toBe('Enter a valid email address');
  });

  it('says the next error once the first is fixed, and says nothing while the user types', async () => {
    render(<Form />);
    await submit();
    await act(async () => void fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } }));
    // Typing re-validates the field, but the region still holds the last submit's words.
    expect(live().textContent).toBe('Enter a valid email address');
    await submit();
    expect(live().textContent).toBe('Password is required');
  });

  it('says the server’s refusal set on a field after a valid submit', async () => {
    render(<Form refuse="Your current password is not right." />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    });
    await submit();
    expect(live().textContent).toBe('Your current password is not right.');
  });
});
