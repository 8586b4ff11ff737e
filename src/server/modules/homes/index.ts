export { noticeStepNotification, paymentChangeDecidedNotification } from './change-notifications';
export { registerHomeEnvelopeKinds } from './envelope-handlers';
export { approvePaymentChange, declinePaymentChange, homeChanges, pendingHomeChanges, requestPaymentChange, withdrawPaymentChange } from './changes';
export {
  agreementOf,
  allocationsOfHomes,
  figuresOfHome,
  homeIdOfUser,
  homeLedger,
  homeOfApplication,
  homeOfUser,
  type HomeRow,
  type LoadedHome,
} from './home-figures';
export { exportHomesOf } from './home-export';
export { homeWelcomeNotification } from './home-welcome-notification';
export { homeDetail, homeRows, listHomes } from './homes-repo';
export { appendLedgerEntries, type NewLedgerEntry } from './ledger';
export { ledgerFileOf, myHomeOf, valuationPointsOf } from './my-home';
export { acknowledgeNotice, cancelNotice, completeNotice, scheduleNotice, sendNotice } from './notices';
export { listPayments, monthOf, paymentRows } from './payments-repo';
export { homesOverview } from './overview';
export { overdueMailJob, overdueMonthNotification, runOverdueMails } from './overdue-notifications';
export { adminLedger, importBankCsv, previewBankCsv, recordPayment, recordRefund, reverseEntry } from './payments';
export { verifyAudited } from './verify-audited';
export { hasHome, homeNotFound, purchaseLock, purchaseStart, putAgreementInForce, recordPurchase, recordValuation, type PurchaseOptions } from './purchase';
export { registerHomeJobs } from './register';
export { findStatement, homeExists, runStatements, statementOfUser, statementReadyNotification, statementsOf } from './statements';
export { ledgerCheckJob, ledgerMarksOf, ledgerWarningOf, runLedgerCheck } from './ledger-checks';
export { checkpointDay, ledgerCheckpointMailJob, verifyCheckpoints, writeCheckpoint } from './ledger-checkpoints';
export { verifyLedgers } from './verify-ledgers';
export {
  decideFeeWaiver,
  feeSettingsOf,
  feeToday,
  feeWaiverDecidedNotification,
  feeWaiversOf,
  lateFeeJob,
  pendingFeeWaivers,
  requestFeeWaiver,
  runLateFees,
  waiveFee,
} from './fees';
export { exitQuoteStepNotification } from './exit-quote-notifications';
export { staffNoticeSentNotification, staffPaymentChangeNotification } from './staff-home-notifications';
export { acceptQuote, answerDispute, disputeQuote, exitOptionsOf, myQuote, requestQuote, waitingQuotes, withdrawQuote } from './exit-quotes';
export { exitBalancesOf } from './exit-quote-core';
export { downloadDisputeDocument, storeDisputeDocument } from './exit-quote-documents';
export { completeQuote, completionPreview, myFinalStatement } from './exit-quote-completion';
export { exitQuotePdf, finalStatementPdf } from './exit-quote-pdf';
export { ledgerEntryNotification } from './ledger-entry-notifications';
