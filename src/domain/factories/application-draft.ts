import type { ApplicationDraftInput } from '../application/draft-schema';

type Section<K extends keyof ApplicationDraftInput> = NonNullable<ApplicationDraftInput[K]>;

/** A draft with every section present (the fields stay as the draft schema types them). */
export type CompleteDraft = { [K in keyof ApplicationDraftInput]-?: Section<K> };

export interface DraftOverrides {
  /** Which employment block the defaults fill (an `employment.selfEmployed` given wins). */
  selfEmployed?: boolean;
  personal?: Section<'personal'>;
  employment?: Section<'employment'>;
  assets?: Section<'assets'>;
  debts?: Section<'debts'>;
  consents?: Section<'consents'>;
}

/**
 * A complete application, as the wizard would save it: every step answered,
 * both consents ticked, certified (docs/product/application.md#fields). Each
 * section given in `overrides` is merged over the defaults. The factories'
 * conventions: src/domain/factories/accounts.ts.
 */
export function completeDraft(overrides: DraftOverrides = {}): CompleteDraft {
  const selfEmployed = overrides.employment?.selfEmployed ?? overrides.selfEmployed ?? false;
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
      ...overrides.personal,
    },
    employment: {
      ...(selfEmployed
        ? { selfEmployed: true, businessName: 'Analytical Engines LLC', businessStartDate: '2018-04-01', position: 'Owner', grossMonthlyIncome: 9000 }
        : { selfEmployed: false, employer: 'Babbage & Co', startDate: '2019-06-01', position: 'Engineer', grossMonthlyIncome: 8500 }),
      ...overrides.employment,
    },
    assets: {
      bankBalances: 42000,
      investments: 15000.5,
      retirement: 60000,
      propertyAddress: '400 Oak Lane, Austin, TX',
      desiredPropertyValue: 420000,
      downPayment: 29400,
      ...overrides.assets,
    },
    debts: { creditCards: 150, studentLoans: 320, autoLoans: 0, otherLoans: null, ...overrides.debts },
    consents: { creditPull: true, eConsent: true, ...overrides.consents },
    certified: true,
  };
}
