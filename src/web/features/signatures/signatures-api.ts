import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { signaturesApi } from '../../../domain/api/signatures';
import type { z } from 'zod';
import type { signBodySchema } from '../../../domain/signatures/envelopes';
import { callApi, hrefOf } from '../../lib/call-api';

/** A signer's envelope (src/domain/api/signatures.ts). */
export const envelopeQuery = (id: string) =>
  queryOptions({
    queryKey: ['envelopes', id] as const,
    queryFn: ({ signal }) => callApi(signaturesApi.get, { params: { id } }, { signal }),
    retry: false,
  });

export const envelopeFileHref = (id: string) => hrefOf(signaturesApi.file, { params: { id } });

export function useEnvelopeAction(id: string) {
  const client = useQueryClient();
  const settle = (detail: Awaited<ReturnType<typeof callApi<typeof signaturesApi.get>>>) => client.setQueryData(envelopeQuery(id).queryKey, detail);
  return {
    open: useMutation({ mutationFn: () => callApi(signaturesApi.open, { params: { id }, body: {} }), onSuccess: settle }),
    sign: useMutation({ mutationFn: (body: z.input<typeof signBodySchema>) => callApi(signaturesApi.sign, { params: { id }, body }), onSuccess: settle }),
    decline: useMutation({ mutationFn: (reason: string) => callApi(signaturesApi.decline, { params: { id }, body: { reason } }), onSuccess: settle }),
  };
}

export const verifyPdf = (file: File) => callApi(signaturesApi.verify, { form: {}, file });
