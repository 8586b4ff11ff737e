import { exitQuotesApi } from '../../domain/api/exit-quotes';
import {
  acceptQuote,
  exitQuotePdf,
  answerDispute,
  completeQuote,
  completionPreview,
  disputeQuote,
  downloadDisputeDocument,
  exitOptionsOf,
  finalStatementPdf,
  myFinalStatement,
  storeDisputeDocument,
  myQuote,
  requestQuote,
  waitingQuotes,
  withdrawQuote,
} from '../modules/homes';

import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { hitRateLimit } from '../platform/limits/rate-limit';
import { apiRouter, route } from '../platform/http/route';

/** Path of the dispute documents' upload, exempt from the API's 64 KB JSON body limit (src/server/api.ts): it enforces its own 25 MB. */
export const DISPUTE_UPLOAD_PATH: string = exitQuotesApi.uploadDisputeDocument.path;

const pdfResponse = (bytes: Buffer, filename: string) =>
  new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });

type Kickable = { var: { deps: { jobs: { kick: () => void } } } };
const kicked = async <T>(c: Kickable, work: Promise<T>) => {
  const result = await work;
  c.var.deps.jobs.kick();
  return result;
};

/** The homeowner's exit quotes (src/domain/api/exit-quotes.ts): always through the session's home. */
export function exitQuoteRoutes() {
  const router = apiRouter<AuthedEnv>();
  const self = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), id: c.var.user.id });
  route(router, exitQuotesApi.options, (c) => exitOptionsOf(c.var.deps.db, c.var.user.id));
  route(router, exitQuotesApi.request, (c, { body }) => kicked(c, requestQuote(c.var.deps.db, self(c), body.kind)));
  route(router, exitQuotesApi.mine, (c, { params }) => myQuote(c.var.deps.db, c.var.user.id, params.id));
  route(router, exitQuotesApi.pdf, async (c, { params }) => {
    const quote = await myQuote(c.var.deps.db, c.var.user.id, params.id);
    return pdfResponse(await exitQuotePdf(quote, c.var.deps.brand.name), `exit-quote-${quote.quotedOn ?? 'pending'}.pdf`);
  });
  route(router, exitQuotesApi.finalStatement, async (c, { params }) => {
    const { quote, address } = await myFinalStatement(c.var.deps.db, c.var.user.id, params.id);
    return pdfResponse(await finalStatementPdf(quote, address, c.var.deps.brand.name), `final-statement-${quote.completedOn}.pdf`);
  });
  // Streamed to storage as it arrives, as application documents are; counted per user like their uploads.
  route(router, exitQuotesApi.uploadDisputeDocument, async (c, { query }) => {
    const deps = c.var.deps;
    await hitRateLimit(
      deps.db,
      { name: 'exit-quote:upload', max: deps.config.UPLOAD_RATE_LIMIT_MAX, windowSeconds: deps.config.APPLICATION_RATE_LIMIT_WINDOW_SECONDS },
      c.var.user.id,
    );
    return storeDisputeDocument(deps, self(c), query.quote, c.req.raw);
  });
  route(router, exitQuotesApi.myDisputeDocument, (c, { params }) => downloadDisputeDocument(c.var.deps, actorOf(c), params.id, c.var.user.id));
  route(router, exitQuotesApi.dispute, (c, { params, body }) => kicked(c, disputeQuote(c.var.deps.db, self(c), params.id, body.reason)));
  route(router, exitQuotesApi.accept, (c, { params, body }) => kicked(c, acceptQuote(c.var.deps, self(c), params.id, body.moveDate)));
  route(router, exitQuotesApi.withdraw, (c, { params, body }) => kicked(c, withdrawQuote(c.var.deps.db, self(c), params.id, body.reason, false)));
  return router;
}

/** Staff's side, behind the admin guard of src/server/routes/admin.ts; every change audited. */
export function adminExitQuoteRoutes() {
  const router = apiRouter<AuthedEnv>();
  const staff = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), id: c.var.user.id });
  route(router, exitQuotesApi.waiting, (c) => waitingQuotes(c.var.deps.db));
  route(router, exitQuotesApi.ofHome, (c, { params }) => waitingQuotes(c.var.deps.db, params.id));
  route(router, exitQuotesApi.answer, (c, { params, body }) => kicked(c, answerDispute(c.var.deps.db, actorOf(c), params.id, body.answer)));
  route(router, exitQuotesApi.staffWithdraw, (c, { params, body }) => kicked(c, withdrawQuote(c.var.deps.db, staff(c), params.id, body.reason, true)));
  route(router, exitQuotesApi.staffDisputeDocument, (c, { params }) => downloadDisputeDocument(c.var.deps, actorOf(c), params.id));
  route(router, exitQuotesApi.completion, (c, { params }) => completionPreview(c.var.deps.db, params.id));
  route(router, exitQuotesApi.complete, (c, { params }) => kicked(c, completeQuote(c.var.deps.db, actorOf(c), params.id)));
  return router;
}
