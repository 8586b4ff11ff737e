import { z } from 'zod';
import { profileSchema } from '../domain/auth';

const json = (schema: object) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });
const body = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  required: true,
  content: json({ type: 'object', properties, required }),
});
const str = { type: 'string' };
const ok = (description: string) => ({ description, content: json({ type: 'object' }) });

/** The account endpoints the web app calls (better-auth under /api/auth, plus /api/me). */
export function accountPaths() {
  const post = (summary: string, requestBody: object | undefined, errors: Record<number, string> = {}) => ({
    post: {
      tags: ['accounts'],
      summary,
      ...(requestBody ? { requestBody } : {}),
      responses: { 200: ok('Done'), ...Object.fromEntries(Object.entries(errors).map(([s, d]) => [s, errorResponse(d)])) },
    },
  });
  const limited = { 429: 'Too many attempts from this address or for this e-mail (rate_limited)' };
  return {
    '/api/auth/sign-up/email': post(
      'Creates an account and mails a verification link; signs nobody in, and answers an address that already has an account the same way (its owner is mailed instead)',
      body({ firstName: str, lastName: str, email: str, password: str }),
      { 400: 'validation_failed, password_too_common or password_too_weak; `fields` names each field', ...limited },
    ),
    '/api/auth/sign-in/email': post(
      'Signs in; `{ twoFactorRedirect: true }` when a second factor is needed',
      body({ email: str, password: str, rememberMe: { type: 'boolean' } }, ['email', 'password']),
      { 401: 'invalid_email_or_password', ...limited },
    ),
    '/api/auth/sign-out': post('Ends this session', undefined),
    '/api/auth/get-session': { get: { tags: ['accounts'], summary: 'The current session and user, or null', responses: { 200: ok('Session or null') } } },
    '/api/auth/verify-email': {
      get: {
        tags: ['accounts'],
        summary: 'Verifies the address with the token from the mailed link',
        parameters: [{ name: 'token', in: 'query', required: true, schema: str }],
        responses: { 200: ok('Verified'), 401: errorResponse('invalid_token, token_expired or token_already_used') },
      },
    },
    '/api/auth/send-verification-email': post('Mails a new verification link', body({ email: str }), { 400: 'email_already_verified', ...limited }),
    '/api/auth/request-password-reset': post('Mails a reset link if the address has an account; the same answer either way', body({ email: str }), limited),
    '/api/auth/reset-password': post('Sets a new password with the mailed token; signs out every session', body({ token: str, newPassword: str }), {
      400: 'invalid_token, validation_failed or password_too_common',
    }),
    '/api/auth/change-password': post('Changes the password and signs out every other session', body({ currentPassword: str, newPassword: str }), {
      400: 'invalid_password, validation_failed or password_too_common',
      401: 'unauthorized',
    }),
    '/api/auth/list-sessions': { get: { tags: ['accounts'], summary: "The user's active sessions", responses: { 200: ok('Sessions') } } },
    '/api/auth/revoke-session': post('Signs out one session', body({ token: str })),
    '/api/auth/revoke-other-sessions': post('Signs out every session but this one', undefined),
    '/api/auth/two-factor/enable': post('Starts TOTP enrolment: returns totpURI and backup codes', body({ password: str })),
    '/api/auth/two-factor/verify-totp': post(
      'Confirms enrolment, or completes a sign-in, with a 6-digit code',
      body({ code: str, trustDevice: { type: 'boolean' } }, ['code']),
      { 401: 'invalid_code', ...limited },
    ),
    '/api/auth/two-factor/verify-backup-code': post('Completes a sign-in with a backup code', body({ code: str }), { 401: 'invalid_backup_code', ...limited }),
    '/api/auth/two-factor/disable': post('Turns two-factor off', body({ password: str })),
    '/api/me': {
      get: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        responses: { 200: { description: 'Profile', content: json({ $ref: '#/components/schemas/Me' }) }, 401: errorResponse('unauthenticated') },
      },
      patch: {
        tags: ['accounts'],
        summary: 'Updates name and phone',
        requestBody: { required: true, content: json(z.toJSONSchema(profileSchema, { io: 'input', unrepresentable: 'any' })) },
        responses: {
          200: { description: 'Profile', content: json({ $ref: '#/components/schemas/Me' }) },
          400: errorResponse('validation_failed'),
          401: errorResponse('unauthenticated'),
        },
      },
    },
    '/api/me/email': {
      get: {
        tags: ['accounts'],
        summary: 'The address and a change waiting for its link (`pending`: { email, expiresAt } or null)',
        responses: { 200: ok('E-mail state'), 401: errorResponse('unauthenticated') },
      },
      post: {
        tags: ['accounts'],
        summary:
          'Asks to change the address: mails a link to the new one and a notice to the current one; the same answer whether or not the new address has an account',
        requestBody: body({ newEmail: str, password: str }),
        responses: {
          202: ok('E-mail state with `pending`'),
          400: errorResponse('invalid_password, same_email or validation_failed'),
          401: errorResponse('unauthenticated'),
          429: errorResponse('rate_limited'),
        },
      },
    },
    '/api/me/email/confirm': post(
      'Makes the change with the token of the mailed link (signed in to the same account); the address is then verified',
      body({ token: str }),
      { 400: 'invalid_token', 401: 'unauthenticated', 409: 'email_taken' },
    ),
  };
}

export const meSchema = {
  type: 'object',
  properties: {
    id: str,
    email: str,
    firstName: str,
    lastName: str,
    name: str,
    phone: { type: ['string', 'null'] },
    emailVerified: { type: 'boolean' },
    phoneVerified: { type: 'boolean' },
    role: { enum: ['guest', 'applicant', 'homeowner', 'admin'] },
    rank: { type: 'integer' },
    twoFactorEnabled: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};
