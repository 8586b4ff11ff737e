import type { StoredOutcome } from './provider-event-writer';
import type { PaymentProvider, ProviderEvent } from './provider';

export { achFileById, achFileJob, listAchFiles, runAchFiles, writeDayFile, type AchDeps } from './ach-files';
export { applyNachaReturns, previewNachaReturns } from './bank-returns';
export { autopayJob, runAutopay, setAutopay } from './autopay';
export { autopayHomes } from './autopay-homes';
export { registerPaymentJobs } from './payment-jobs';
export { cancelBankLink, completeBankLink, startBankLink } from './bank-links';
export { addBankAccount, assertPaymentsOn, removeBankAccount, verifyBankAccount, type PaymentsDeps } from './bank-accounts';
export { processorPaymentNotification } from './payment-notifications';
export { processorRefundNotification } from './refund-notifications';
export { assertStaffPaymentsOn, retryPayment, unlockBankAccount } from './staff-actions';
export { refundPayment } from './staff-refunds';
export { staffBankAccounts, staffExceptions, staffPayments } from './staff-views';
export { paymentsOverview, payNow } from './processor-payments';
export { applyPendingEvents, eventApplier, pendingEventCount, providerEventsJob } from './provider-events';
export { storeProviderEvents, type StoredOutcome } from './provider-event-writer';
export { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from './provider';
export { SandboxProcessor } from './sandbox-processor';
export { stripeSignatureHeader } from './stripe-signature';
export { startPayments, WEBHOOK_PATH, type PaymentsRuntime, type SandboxHandle } from './start-payments';

declare module '../../platform/http/context' {
  interface Deps {
    /** The processor that collects bank debits: Stripe, or the stand-in (Sandbox) (docs/decisions/032-processor-payments.md). */
    payments: PaymentProvider;
    /** Applies the provider's stored events in this process; the webhook wakes it (docs/decisions/044-payments-throughput.md). */
    paymentEvents: { record(event: ProviderEvent): Promise<StoredOutcome>; wake(): void; idle(): Promise<void> };
  }
}
