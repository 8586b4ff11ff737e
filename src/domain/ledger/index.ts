/**
 * The ledger domain (docs/product/dashboard.md#what-comes-with-a-home): entries and their
 * hash chain, the downloaded file's schema, due dates, and what is paid and owed.
 * Pure and isomorphic: the server, the browser and the tests share it.
 */
export { GENESIS_HASH, LEDGER_KINDS, canonicalEntryText, entryHash, nextEntry, sealEntry, webSha256Hex } from './entry';
export type { LedgerEntry, LedgerEntryContent, LedgerEntryDraft, LedgerKind, Sha256Hex } from './entry';
export { CHAIN_BREAK_TEXT, chainVerdictText, verifyChain } from './chain';
export type { ChainBreak, ChainVerdict } from './chain';
export { ledgerDate, ledgerEntrySchema, ledgerFileSchema, verifyLedgerFile } from './schema';
export type { LedgerFile, LedgerFileVerdict } from './schema';
export { OVERDUE_AFTER_DAYS, addDays, chargeDueOn, isPastGrace, monthsDueBy } from './dates';
export { allocateLedger, allocationOrder, countingSeqs } from './allocation';
export type { AllocatableEntry, ChargeAllocation, ChargeState, FeeAllocation, LedgerAllocation } from './allocation';
export { feeDeadline, feesDue, lateFeeCents, lateFeeWarning } from './fees';
export type { FeeSettings, FeeToMake, LateFeeConfig, LateFeeWarning } from './fees';
export { exitBalances, type ExitBalances } from './exit-balances';
