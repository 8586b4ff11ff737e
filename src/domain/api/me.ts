import { deleteAccountSchema, meSchema, meStatusSchema } from '../account';
import { profileSchema } from '../auth';
import { changeEmailSchema, confirmEmailChangeSchema, emailStateSchema } from '../change-email';
import { defineRoute, okSchema } from './route';

/**
 * `/api/me`: the signed-in user's own account (docs/product/accounts.md#the-signed-in-user,
 * docs/product/accounts.md#account-page, docs/product/privacy.md#your-data).
 */
export const meApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/me',
    access: 'user',
    summary: 'The signed-in user: name, phone, role and rank, whether the address is verified and two-factor is on',
    responses: { 200: { description: 'The signed-in user', schema: meSchema } },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/me',
    access: 'user',
    summary: 'Sets the first and last name and the phone (an empty phone clears it; a changed one is no longer verified)',
    body: profileSchema,
    responses: { 200: { description: 'The signed-in user as saved', schema: meSchema } },
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/me',
    access: 'user',
    codes: ['has_home', 'invalid_password', 'last_admin'],
    summary:
      'Deletes the account and everything of it (application, documents and their files, waitlist entry, kept mail) after checking the password like a sign-in; clears the session cookie. 400 invalid_password; 409 last_admin',
    body: deleteAccountSchema,
    responses: { 200: { description: 'Deleted; the session cookie is cleared', schema: okSchema } },
    errors: [409, 429],
  }),
  status: defineRoute({
    method: 'get',
    path: '/api/me/status',
    access: 'user',
    summary: "The dashboard's status of the user and their latest application",
    responses: { 200: { description: 'The status', schema: meStatusSchema } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/me/export',
    access: 'user',
    summary: 'Everything stored about the user, as a JSON file (attachment); SSN and birth date masked, no secrets',
    responses: { 200: { description: 'The JSON file', contentType: 'application/json' } },
  }),
  email: defineRoute({
    method: 'get',
    path: '/api/me/email',
    access: 'user',
    summary: 'The address and a change waiting for its link (`pending`), or null',
    responses: { 200: { description: 'The e-mail state', schema: emailStateSchema } },
  }),
  changeEmail: defineRoute({
    method: 'post',
    path: '/api/me/email',
    access: 'user',
    codes: ['invalid_password', 'same_email'],
    summary:
      'Asks to change the address: mails a link to the new one and a notice to the current one; nothing changes until the link is opened. The same answer whether or not the new address has an account. 400 invalid_password or same address',
    body: changeEmailSchema,
    responses: { 202: { description: 'The e-mail state with the change `pending`', schema: emailStateSchema } },
    errors: [429],
  }),
  confirmEmail: defineRoute({
    method: 'post',
    path: '/api/me/email/confirm',
    access: 'user',
    codes: ['email_taken', 'invalid_token'],
    summary:
      'Makes the change with the token of the mailed link (signed in to the account that asked); the address is then verified. 400 invalid_token; 409 email_taken',
    body: confirmEmailChangeSchema,
    responses: { 200: { description: 'The e-mail state, changed and verified', schema: emailStateSchema } },
    errors: [409],
  }),
};
