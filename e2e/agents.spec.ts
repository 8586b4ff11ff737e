import type { Page } from '@playwright/test';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, waitForToastsToGo } from './support/accounts';
import { approveOverHttp } from './support/homes';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The approved buyer's dashboard, with the 'you are approved' pop-up closed. */
async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  const approved = page.getByRole('dialog', { name: 'Congratulations, you are approved!' });
  await expect(approved).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(approved).toHaveCount(0);
  const card = page.getByRole('region', { name: 'Your agent' });
  await expect(card).toBeVisible();
  return card;
}

/**
 * Agents, the 'Find' step (docs/product/back-office.md#partner-agents): staff keep partner agents
 * by state; an approved buyer asks to be matched or brings their own agent; staff assign one
 * serving the buyer's state, and the buyer sees who it is and how to reach them.
 */
test.describe('agents', () => {
  for (const width of [375, 1280]) {
    test(`staff add a Texas agent, an approved buyer asks to be matched in Texas, staff assign, the buyer sees their agent (${width} px)`, async ({
      page,
      admin: _admin,
      applicant,
    }) => {
      test.slow();
      const tag = Math.random().toString(36).slice(2, 8);
      const agentName = `Tess Ranger ${tag}`;
      const agentEmail = `tess.${tag}@example.com`;
      await page.setViewportSize({ width, height: 800 });
      await applicant.page.setViewportSize({ width, height: 800 });
      await approveOverHttp(page, applicant.applicationId);

      // Staff add a partner agent; a state code that is not one is refused under its field.
      await page.goto('/admin/agents');
      await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
      await page.getByRole('button', { name: 'Add agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add partner agent' });
      await dialog.getByLabel(/^Name/).fill(agentName);
      await dialog.getByLabel(/^Brokerage/).fill('Lone Star Realty');
      await dialog.getByLabel(/^Licence number/).fill('TX-0654321');
      await dialog.getByLabel(/^Phone/).fill('(512) 555-0142');
      await dialog.getByLabel(/^Email/).fill(agentEmail);
      await dialog.getByLabel(/^States served/).fill('TX, ZZ');
      await dialog.getByRole('button', { name: 'Add agent' }).click();
      await expect(dialog.getByLabel(/^States served/)).toHaveAccessibleDescription(/Not a US state code: ZZ\. Use two letters, like TX or DC\./);
      await expectAccessible(page);
      await dialog.getByLabel(/^States served/).fill('tx');
      await dialog.getByRole('button', { name: 'Add agent' }).click();
      await expect(toast(page, 'Partner agent added')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await page.getByRole('searchbox', { name: 'Search partner agents' }).fill(tag);
      const agents = page.getByRole('table', { name: 'Partner agents' });
      const row = agents.getByRole('row').filter({ hasText: agentName });
      await expect(row).toContainText('Lone Star Realty');
      await expect(row).toContainText('TX');
      await expect(row).toContainText('Active');
      // On a phone the toast sits where the dialog's button was clicked: a pointer resting on it keeps it open.
      await page.mouse.move(0, 0);
      await waitForToastsToGo(page);
      await expectAccessible(page);
      expect(await hasHorizontalScroll(page)).toBe(false);

      // The approved buyer asks to be matched in Texas.
      const buyer = applicant.page;
      const card = await openDashboard(buyer);
      await expect(card.getByRole('radio', { name: /Match me with one of Ownstead’s partner agents/ })).toBeChecked();
      await card.getByRole('button', { name: 'Match me with an agent' }).click();
      await expect(card.getByLabel(/^State you’re looking in/)).toHaveAccessibleDescription('Choose the state you are looking in');
      await card.getByLabel(/^State you’re looking in/).selectOption('TX');
      await card.getByRole('button', { name: 'Match me with an agent' }).click();
      await expect(card).toContainText('We’re finding you a partner agent in Texas.');
      await buyer.mouse.move(0, 0);
      await waitForToastsToGo(buyer);
      await expectAccessible(buyer);
      expect(await hasHorizontalScroll(buyer)).toBe(false);

      // Staff see the request and assign the agent.
      const requests = page.getByRole('region', { name: 'Buyers asking for an agent' });
      await requests.getByRole('searchbox', { name: 'Search buyers asking for an agent' }).fill(applicant.account.email);
      const request = requests.getByRole('row').filter({ hasText: applicant.name });
      await expect(request).toContainText('Texas');
      await expect(request).toContainText('Waiting');
      await request.getByRole('button', { name: `Assign an agent to ${applicant.name}` }).click();
      const assign = page.getByRole('dialog', { name: `Assign an agent to ${applicant.name}` });
      await assign.getByRole('button', { name: 'Assign agent' }).click();
      await expect(assign.getByLabel('Partner agent')).toHaveAccessibleDescription('Choose a partner agent');
      await assign.getByLabel('Partner agent').selectOption({ label: `${agentName} · Lone Star Realty` });
      await expectAccessible(page);
      await assign.getByRole('button', { name: 'Assign agent' }).click();
      await expect(toast(page, 'Agent assigned: the buyer has been e-mailed')).toBeVisible();
      await expect(assign).toHaveCount(0);
      // The request has left the waiting list.
      await expect(requests.getByText('No requests match these filters')).toBeVisible();

      // The buyer is e-mailed, and their dashboard says who the agent is and how to reach them.
      await expect
        .poll(async () => (await mailsTo(buyer.request, applicant.account.email)).map((mail) => mail.subject), { timeout: 15_000 })
        .toContain(`Meet your agent: ${agentName}`);
      await buyer.reload();
      const assigned = buyer.getByRole('region', { name: 'Your agent' });
      await expect(assigned).toContainText('Your partner agent in Texas.');
      await expect(assigned).toContainText(agentName);
      await expect(assigned).toContainText('Lone Star Realty · Licence TX-0654321');
      await expect(assigned.getByRole('link', { name: agentEmail })).toHaveAttribute('href', `mailto:${agentEmail}`);
      await expect(assigned.getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:5125550142');
      await expectAccessible(buyer);
    });

    test(`an approved buyer enters their own agent and can change it (${width} px)`, async ({ page, admin: _admin, applicant }) => {
      test.slow();
      const buyer = applicant.page;
      await buyer.setViewportSize({ width, height: 800 });
      await approveOverHttp(page, applicant.applicationId);

      const card = await openDashboard(buyer);
      await card.getByRole('radio', { name: 'I have an agent' }).check();
      await card.getByRole('button', { name: 'Save my agent' }).click();
      await expect(card.getByLabel(/^Agent’s name/)).toHaveAccessibleDescription("Enter your agent's name");
      await expect(card.getByLabel(/^Email/)).toHaveAccessibleDescription(/Enter an email or a phone number so we can reach your agent/);
      await expectAccessible(buyer);
      await card.getByLabel(/^Agent’s name/).fill('Sam Reyes');
      await card.getByLabel(/^Brokerage/).fill('Hill Country Homes');
      await card.getByLabel(/^Email/).fill('sam.reyes@example');
      await card.getByRole('button', { name: 'Save my agent' }).click();
      await expect(card.getByLabel(/^Email/)).toHaveAccessibleDescription(/Enter a valid email address/);
      await card.getByLabel(/^Email/).fill('sam.reyes@example.com');
      await card.getByRole('button', { name: 'Save my agent' }).click();
      await expect(toast(buyer, 'Your agent is saved')).toBeVisible();
      await expect(card).toContainText('Sam Reyes');
      await expect(card).toContainText('Hill Country Homes');
      await expect(card.getByRole('link', { name: 'sam.reyes@example.com' })).toBeVisible();

      // Kept on the server: after a reload, Change agent opens the form as saved.
      await buyer.reload();
      const again = buyer.getByRole('region', { name: 'Your agent' });
      await expect(again).toContainText('Sam Reyes');
      await again.getByRole('button', { name: 'Change agent' }).click();
      await expect(again.getByRole('radio', { name: 'I have an agent' })).toBeChecked();
      await expect(again.getByLabel(/^Agent’s name/)).toHaveValue('Sam Reyes');
      await buyer.mouse.move(0, 0);
      await waitForToastsToGo(buyer);
      await expectAccessible(buyer);
      expect(await hasHorizontalScroll(buyer)).toBe(false);
    });
  }
});
