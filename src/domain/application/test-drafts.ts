import type { ApplicationDraftInput } from './draft-schema';

/** A complete application, as the wizard would save it (shared by the domain and server tests). */
export function completeDraft(overrides: { selfEmployed?: boolean } = {}): ApplicationDraftInput {
  const selfEmployed = overrides.selfEmployed ?? false;
  return {
    personal: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
      ssnLast4: '6789',
      phone: '(214) 555-0187',
      email: 'ada@example.com',
      currentAddress: '12 Elm Street, Dallas, TX 75201',
      yearsAtAddress: 3.5,
    },
    employment: selfEmployed
      ? { selfEmployed: true, businessName: 'Analytical Engines LLC', businessStartDate: '2018-04-01', position: 'Owner', grossMonthlyIncome: 9000 }
      : { selfEmployed: false, employer: 'Babbage & Co', startDate: '2019-06-01', position: 'Engineer', grossMonthlyIncome: 8500 },
    assets: {
      bankBalances: 42000,
      investments: 15000.5,
      retirement: 60000,
      propertyAddress: '400 Oak Lane, Austin, TX',
      desiredPropertyValue: 420000,
      downPayment: 29400,
    },
    debts: { creditCards: 150, studentLoans: 320, autoLoans: 0, otherLoans: null },
    consents: { creditPull: true, eConsent: true },
    certified: true,
  };
}
