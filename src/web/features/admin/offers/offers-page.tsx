import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminOffersApi } from '../../../../domain/api/admin-offers';
import {
  OFFER_STATUS_BADGES,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_FILTERS,
  offerListSchema,
  STAFF_OFFER_MOVE_LABELS,
  STAFF_OFFER_MOVES,
  offerTime,
  type AdminOffer,
  type OfferStatus,
  type StaffOfferMove,
} from '../../../../domain/buying/offers';
import { formatCents } from '../../../../domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { callApi } from '../../../lib/call-api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { parseListParams, patchListSearch, type ListPatch } from '../lib/list-params';
import { ClosingDialog } from './closing-dialog';
import { Pipeline } from './pipeline';

const MOVES = Object.keys(STAFF_OFFER_MOVES) as StaffOfferMove[];
const movesFrom = (status: OfferStatus) => MOVES.filter((move) => (STAFF_OFFER_MOVES[move] as readonly OfferStatus[]).includes(status));

function useMoveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { status: StaffOfferMove; counterPrice?: string; answerBy?: string } }) =>
      callApi(adminOffersApi.move, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'offers'] }),
  });
}

/** Record counter-offer: the seller's price and the time the buyer answers by (the buyer is mailed both). */
function CounterDialog({ offer, onClose }: { offer: AdminOffer; onClose: () => void }) {
  const [price, setPrice] = useState('');
  const [answerBy, setAnswerBy] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const move = useMoveOffer();
  const save = () =>
    move.mutate(
      { id: offer.id, body: { status: 'countered', counterPrice: price, answerBy: answerBy ? new Date(answerBy).toISOString() : '' } },
      {
        onSuccess: () => {
          notify.success('Counter-offer recorded', `${offer.buyerName} is e-mailed.`);
          onClose();
        },
        onError: (error) =>
          error instanceof ApiError && error.fields ? setErrors(error.fields) : notify.error('Error', failureText(error, 'Failed to update the offer')),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Record counter-offer</DialogTitle>
        <DialogDescription>{offer.address}</DialogDescription>
        <div className="mt-4 flex flex-col gap-4">
          <Field label="Counter price" required error={errors.counterPrice}>
            <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          </Field>
          <Field label="Answer by" required help="Your local time; at most 30 days away." error={errors.answerBy}>
            <Input type="datetime-local" value={answerBy} onChange={(e) => setAnswerBy(e.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button onClick={save} disabled={move.isPending}>
              {move.isPending ? 'Saving...' : 'Record counter-offer'}
            </Button>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Row({ offer }: { offer: AdminOffer }) {
  const move = useMoveOffer();
  const [countering, setCountering] = useState(false);
  const [closing, setClosing] = useState(false);
  const act = (status: StaffOfferMove) =>
    status === 'countered'
      ? setCountering(true)
      : move.mutate(
          { id: offer.id, body: { status } },
          {
            onSuccess: () => notify.success('Offer updated', `${offer.buyerName}: ${OFFER_STATUS_LABELS[status]}.`),
            onError: (error) => notify.error('Error', failureText(error, 'Failed to update the offer')),
          },
        );
  return (
    <tr className="border-b border-border align-top">
      <td className="p-2">
        <div className="font-medium">{offer.buyerName}</div>
        <div className="text-muted-foreground">{offer.buyerEmail}</div>
      </td>
      <td className="p-2">{offer.address}</td>
      <td className="p-2 text-right tabular-nums">
        {formatCents(offer.offerPriceCents)}
        {offer.counterPriceCents !== null && <div className="text-muted-foreground">Counter {formatCents(offer.counterPriceCents)}</div>}
      </td>
      <td className="p-2">
        <Badge variant={OFFER_STATUS_BADGES[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
        {offer.status === 'countered' && offer.counterAnswerBy && <div className="text-muted-foreground">Answer by {offerTime(offer.counterAnswerBy)}</div>}
        {offer.appraisalBelowPrice && (
          <div className="mt-1">
            <Badge variant="destructive">Appraisal below price</Badge>
          </div>
        )}
        {offer.purchasedHomeId && <div className="text-muted-foreground">Purchase recorded</div>}
      </td>
      <td className="p-2">
        <div className="flex flex-wrap gap-1">
          {movesFrom(offer.status).map((status) => (
            <Button key={status} size="sm" variant="outline" disabled={move.isPending} onClick={() => act(status)}>
              {STAFF_OFFER_MOVE_LABELS[status]}
            </Button>
          ))}
        </div>
        {offer.status === 'accepted' && (
          <div className="mt-1 flex flex-wrap gap-1">
            <Button size="sm" variant="outline" onClick={() => setClosing(true)}>
              Closing checklist
            </Button>
            <Button asChild size="sm" variant="outline">
              {offer.purchasedHomeId ? (
                <Link to={`/admin/homes?home=${offer.purchasedHomeId}`}>Open the home</Link>
              ) : (
                <Link to={`/admin/applications?review=${offer.applicationId}`}>Record the purchase</Link>
              )}
            </Button>
          </div>
        )}
        {countering && <CounterDialog offer={offer} onClose={() => setCountering(false)} />}
        {closing && <ClosingDialog offer={offer} onClose={() => setClosing(false)} />}
      </td>
    </tr>
  );
}

/**
 * Offers (docs/product/back-office.md#offers): buyers' offers, live ones first by default, searched by
 * name, e-mail, address or ID; staff mark them submitted, countered, accepted or rejected.
 */
export default function OffersPage() {
  // The list's state is in the URL (docs/product/back-office.md#lists): the pipeline links to `?q=<e-mail>&status=all`.
  const [searchParams] = useSearchParams();
  const updateSearchParams = useUpdateSearchParams();
  const { q: urlQ, status, page } = useMemo(() => parseListParams(offerListSchema, searchParams), [searchParams]);
  const [q, setQ] = useState(urlQ);
  useEffect(() => setQ((current) => (current.trim() === urlQ ? current : urlQ)), [urlQ]);
  const update = (patch: ListPatch<typeof offerListSchema>) =>
    updateSearchParams((current) => patchListSearch(offerListSchema, current, patch), { replace: 'q' in patch });
  const setStatus = (next: string) => update({ status: next });
  const setPage = (next: number) => update({ page: next });
  const list = useQuery({
    queryKey: ['admin', 'offers', { q: urlQ, status, page }],
    queryFn: ({ signal }) => callApi(adminOffersApi.list, { query: { q: urlQ, status, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Offers</h1>
      <Pipeline />
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Search" className="min-w-[min(16rem,100%)] flex-1">
          <Input
            type="search"
            placeholder="Search by name, email, address or ID"
            value={q}
            onChange={(e) => (setQ(e.target.value), update({ q: e.target.value.trim() }))}
          />
        </Field>
        <Field label="Status">
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value)}>
            {OFFER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All' : s === 'live' ? 'Live' : OFFER_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {list.isPending ? (
        <p role="status">Loading offers...</p>
      ) : list.isError ? (
        <p role="alert">Failed to load offers</p>
      ) : list.data.items.length === 0 ? (
        <p role="status">No offers yet</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border text-left">
                <th className="p-2">Buyer</th>
                <th className="p-2">Home</th>
                <th className="p-2 text-right">Offer</th>
                <th className="p-2">Status</th>
                <th className="p-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((offer) => (
                <Row key={offer.id} offer={offer} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.total > list.data.pageSize * page && (
        <Button variant="outline" className="self-start" onClick={() => setPage(page + 1)}>
          Next page
        </Button>
      )}
    </div>
  );
}
