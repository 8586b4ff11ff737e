import { exitQuote, type ExitQuote } from '../calculators';
import { formatCents } from '../format';
import { chainVerdictText, exitBalances, verifyLedgerFile, type Sha256Hex } from '../ledger';
import { webSha256Hex } from '../ledger/entry';
import { EXIT_KIND_OF, type ExitQuoteView } from './exit-quotes';

/**
 * 'How to check this', done in the browser (docs/decisions/040-exit-quote-completion.md): a downloaded ledger is
 * verified (every entry's hash), its entry at the quote's head must carry the hash the quote printed, and the quote is
 * recomputed from it with the one `exitQuote` and `exitBalances` the server used — the ledger up to that head and on
 * the quote day, the quote's valuation, fee and agreement — then compared line by line, to the cent. Pure.
 */
export type QuoteCheck = { ok: true; text: string } | { ok: false; text: string };

type Checked = Pick<ExitQuoteView, 'kind' | 'quotedOn' | 'headSeq' | 'headHash' | 'valuation' | 'transferFee' | 'agreement' | 'lines' | 'totalCents'>;

/** exitQuote's lines beside the quote's: [label, recomputed cents, quoted cents]. */
function comparedLines(quote: Checked, result: ExitQuote): [string, number, number | null][] {
  const lines = quote.lines!;
  const common: [string, number, number | null][] = [
    ['Total equity', result.totalEquityCents, lines.totalEquityCents],
    ['Arrears', result.arrearsCents, lines.arrearsCents],
    ['Credit', result.creditCents, lines.creditCents],
  ];
  if (result.kind === 'buyOut') return [...common, ['Buy-out price', result.buyOutPriceCents, lines.buyOutPriceCents]];
  return [
    ...common,
    result.kind === 'cashOut' ? ['Sale and transfer costs', result.costsCents, lines.costsCents] : ['Transfer fee', result.feeCents, lines.feeCents],
    ['Equity out', result.equityOutCents, lines.equityOutCents],
    ['Payout', result.payoutCents, lines.payoutCents],
  ];
}

/** Checks `quote` against a downloaded ledger file (parsed JSON). */
export async function checkQuoteAgainstLedger(quote: Checked, data: unknown, sha256: Sha256Hex = webSha256Hex): Promise<QuoteCheck> {
  if (!quote.lines || !quote.valuation || !quote.agreement || !quote.transferFee || !quote.quotedOn || quote.headSeq === null) {
    return { ok: false, text: 'This quote is not issued yet: there is nothing to check.' };
  }
  const verdict = await verifyLedgerFile(data, sha256);
  if (!verdict.ok) {
    return {
      ok: false,
      text: 'reason' in verdict && verdict.reason === 'format' ? `This file is not a ledger as we send it (${verdict.message}).` : chainVerdictText(verdict),
    };
  }
  const entries = (data as { entries: Parameters<typeof exitBalances>[0] }).entries;
  const head = entries.find((entry) => entry.seq === quote.headSeq) as { hash?: string } | undefined;
  if (quote.headSeq > 0 && head?.hash !== quote.headHash) {
    return { ok: false, text: `Your ledger’s entry #${quote.headSeq} does not carry the hash this quote printed: it is not the ledger the quote used.` };
  }
  const balances = exitBalances(entries, quote.quotedOn, quote.headSeq);
  const result = exitQuote({
    ...quote.agreement,
    paidMonths: balances.allocation.paidMonths,
    billedMonths: balances.allocation.billedMonths,
    valuation: quote.valuation.valueCents / 100,
    kind: EXIT_KIND_OF[quote.kind],
    transferFee: quote.transferFee,
    arrearsCents: balances.arrearsCents,
    creditCents: balances.creditCents,
  });
  const different = comparedLines(quote, result).filter(([, mine, quoted]) => mine !== quoted);
  if (different.length > 0) {
    const [label, mine, quoted] = different[0]!;
    return {
      ok: false,
      text: `It does not match: ${label} recomputes to ${formatCents(mine)}, the quote says ${quoted === null ? 'nothing' : formatCents(quoted)}.`,
    };
  }
  const total = result.kind === 'buyOut' ? result.buyOutPriceCents : result.payoutCents;
  return {
    ok: true,
    text: `It matches to the cent: recomputed in your browser from your ledger (${entries.length} entries, up to #${quote.headSeq}), the total is ${formatCents(total)}.`,
  };
}
