import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { signaturesApi } from '../../../../domain/api/signatures';
import { adminLettersApi } from '../../../../domain/api/admin-letters';
import { callApi } from '../../../lib/call-api';

/** The back office's envelopes (docs/decisions/039-addenda-and-envelopes.md): waiting ones, a home's, resend, void, the wet-signed scan. */
export const ADMIN_ENVELOPES_KEY = ['admin', 'envelopes'] as const;

export const waitingEnvelopesQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_ENVELOPES_KEY, 'waiting'] as const,
    queryFn: ({ signal }) => callApi(signaturesApi.adminList, { query: {} }, { signal }),
    staleTime: 0,
  });

export const homeEnvelopesQuery = (homeId: string) =>
  queryOptions({
    queryKey: [...ADMIN_ENVELOPES_KEY, 'home', homeId] as const,
    queryFn: ({ signal }) => callApi(signaturesApi.adminList, { query: { homeId } }, { signal }),
    staleTime: 0,
  });

function useEnvelopeMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => void client.invalidateQueries({ queryKey: ADMIN_ENVELOPES_KEY }) });
}

export const useResendEnvelope = () => useEnvelopeMutation((id: string) => callApi(signaturesApi.resend, { params: { id }, body: {} }));
export const useVoidEnvelope = () =>
  useEnvelopeMutation(({ id, reason }: { id: string; reason: string }) => callApi(signaturesApi.void, { params: { id }, body: { reason } }));
export const useUploadScan = () =>
  useEnvelopeMutation(({ homeId, file }: { homeId: string; file: File }) => callApi(signaturesApi.scan, { form: { homeId }, file }));
export const useSendLetter = () => useEnvelopeMutation((id: string) => callApi(adminLettersApi.sendForSignature, { params: { id }, body: {} }));
