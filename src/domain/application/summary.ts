import type { ApplicationDraft } from './draft-schema';

const sum = (...values: (number | null | undefined)[]) =>
  Math.round(values.reduce<number>((total, v) => total + (typeof v === 'number' && Number.isFinite(v) ? v : 0), 0) * 100) / 100;

/** docs/product/application.md#fields: the assets total is bank balances + investments + retirement (the 'Home you want' block is not an asset). */
export const assetsTotal = (assets: ApplicationDraft['assets']) => sum(assets.bankBalances, assets.investments, assets.retirement);

/** docs/product/application.md#fields: the debts total is the sum of the monthly payments. */
export const debtsTotal = (debts: ApplicationDraft['debts']) => sum(debts.creditCards, debts.studentLoans, debts.autoLoans, debts.otherLoans);

const trimmed = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const amount = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The columns the back office lists and searches (docs/product/application.md#back-office-record). */
export interface AdminRecord {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  employmentStatus: 'employed' | 'self-employed';
  employerName: string | null;
  jobTitle: string | null;
  annualIncome: number | null;
  savingsAmount: number | null;
  retirementAccounts: number | null;
  creditCardDebt: number | null;
  studentLoans: number | null;
  propertyAddress: string | null;
  propertyValue: number | null;
  downPayment: number | null;
}

/**
 * docs/product/application.md#back-office-record: employment_status ←
 * self-employed or employed; employer_name ← employer or business name;
 * job_title ← position; annual_income ← 12 × gross monthly income;
 * savings_amount ← bank balances + investments; retirement_accounts ←
 * retirement; credit_card_debt ← credit cards; student_loans ← student loans;
 * property fields ← the 'Home you want' block.
 */
export function adminRecordOf(draft: ApplicationDraft): AdminRecord {
  const { personal: p, employment: e, assets: a, debts: d } = draft;
  const selfEmployed = Boolean(e.selfEmployed);
  const monthly = amount(e.grossMonthlyIncome);
  const savingsParts = [a.bankBalances, a.investments].filter((v) => amount(v) !== null);
  return {
    firstName: trimmed(p.firstName),
    lastName: trimmed(p.lastName),
    email: trimmed(p.email),
    phone: trimmed(p.phone),
    employmentStatus: selfEmployed ? 'self-employed' : 'employed',
    employerName: selfEmployed ? trimmed(e.businessName) : trimmed(e.employer),
    jobTitle: trimmed(e.position),
    annualIncome: monthly === null ? null : Math.round(monthly * 12 * 100) / 100,
    savingsAmount: savingsParts.length ? sum(...savingsParts) : null,
    retirementAccounts: amount(a.retirement),
    creditCardDebt: amount(d.creditCards),
    studentLoans: amount(d.studentLoans),
    propertyAddress: trimmed(a.propertyAddress),
    propertyValue: amount(a.desiredPropertyValue),
    downPayment: amount(a.downPayment),
  };
}
