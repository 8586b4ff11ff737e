/**
 * Consent & Disclosures (docs/product/application.md#consents):
 * the credit-pull consent authorises a soft inquiry; the electronic-records
 * consent gives what the E-SIGN Act says a US consumer is owed before agreeing.
 * `{brand}` and `{email}` are filled in by the screen.
 */
export const CREDIT_PULL_CONSENT = {
  label: 'I authorize {brand} to obtain my credit report',
  text:
    'By checking this box, you authorize {brand} to make a soft credit inquiry with one or more consumer reporting agencies to review your application. ' +
    'A soft inquiry does not affect your credit score. We will ask for your separate permission before any hard inquiry.',
} as const;

export const E_CONSENT = {
  label: 'I agree to receive disclosures and sign documents electronically',
  /** E-SIGN Act, 15 U.S.C. § 7001(c): each item the consumer must be told before consenting. */
  disclosures: [
    {
      title: 'What this covers',
      text: 'Your consent covers this application and every notice, disclosure, agreement and statement about it, for as long as your application or account is open.',
    },
    { title: 'Paper copies', text: 'You may ask for a paper copy of any record at no charge by writing to {email}. We will mail it within 10 business days.' },
    {
      title: 'Withdrawing consent',
      text: 'You may withdraw this consent at any time, free of charge, by writing to {email}. Withdrawing does not affect records already delivered, and we may then need to finish your application on paper, which can take longer.',
    },
    {
      title: 'What you need',
      text: 'A device with a current web browser (Chrome, Safari, Firefox or Edge), an internet connection, a working email address, and software that opens PDF files; enough storage or a printer to keep copies.',
    },
    {
      title: 'Keeping your details up to date',
      text: 'Update your email address and phone number on your account page, or write to {email}, so our notices reach you.',
    },
  ],
} as const;

/** Notice shown once both consents are recorded (docs/product/application.md#consents), followed by the local date-time. */
export const CONSENTS_RECORDED = 'Consents recorded';

/**
 * docs/product/application.md#consents: when creditPull and eConsent are both
 * ticked and no timestamp exists, it is set to now; it is never changed
 * afterwards (even if a box is unticked).
 */
export function nextConsentedAt(
  previous: string | Date | null | undefined,
  consents: { creditPull?: boolean | null; eConsent?: boolean | null },
  now: Date,
): Date | null {
  if (previous) return new Date(previous);
  return consents.creditPull === true && consents.eConsent === true ? now : null;
}
