import { test } from '@playwright/test';
import { enrolOpsAdmin } from './support/admins';

/** Before every spec: the operations admin turns on two-factor (e2e/support/admins.ts). */
test('the operations admin enrols an authenticator app', async () => {
  await enrolOpsAdmin();
});
