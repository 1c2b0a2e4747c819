import { useMutation } from '@tanstack/react-query';
import { atom, useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { addressKey, domainOf, parseEmailAddress, SPAM_STATUS, type DeskListName } from '@sourcing/shared';
import { toastOnce } from '../../common/toast-once';
import { useBulkChange } from '../desk/useDeskChange';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';
import { useCan } from '../session/role';
import { forgetErased } from './erased-records';
import { plural } from '../ui/plural';

/** A selected record as these actions need it: to change it (its version) and to block its sender. */
export interface SelectedRecord {
  _id: string;
  version?: number;
  email?: string;
}

/** After records were marked spam, the offer to block their senders (owners): their addresses and domains. */
interface BlockOffer {
  list: DeskListName;
  marked: number;
  addresses: string[];
  domains: string[];
}

const blockOfferAtom = atom<BlockOffer | null>(null);

/** The senders of records, each address and domain once (a stored value that is not one address has neither). */
function sendersOf(records: SelectedRecord[]): Pick<BlockOffer, 'addresses' | 'domains'> {
  const addresses = new Set<string>();
  for (const record of records) {
    const parsed = parseEmailAddress(record.email ?? '');
    if (parsed.ok) addresses.add(addressKey(parsed.address));
  }
  const sorted = [...addresses].sort();
  return { addresses: sorted, domains: [...new Set(sorted.map(domainOf))].sort() };
}

/**
 * In a worked list's bulk bar (docs/admin.md#bulk-spam-and-erase): `Mark as spam` (agents and
 * owners) moves the selected records to Spam, and then offers owners to block their senders;
 * `Erase selected` (owners) erases them and every trace of them, once confirmed.
 */
export function BulkSpamErase({ list, records, onDone }: { list: DeskListName; records: SelectedRecord[]; onDone: () => void }) {
  const { api } = useAdminServices();
  const agent = useCan('agent');
  const owner = useCan('owner');
  const setOffer = useSetAtom(blockOfferAtom);
  const { mutate: change, isPending: marking } = useBulkChange();
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: (ids: string[]) => api.bulkErase(list, ids),
    onSuccess: (answer, ids, _context, { client }) => {
      toastOnce.success(answer.message);
      forgetErased(client, [{ list, ids }]);
      setConfirming(false);
      onDone();
    },
    onError: (error) => toastOnce.error(error.message),
  });

  const markSpam = () => {
    const targets = records.map((r) => ({ id: r._id, version: r.version ?? 0 }));
    change(
      { list, change: { records: targets, status: SPAM_STATUS } },
      {
        onSuccess: ({ updated }) => {
          const spammed = new Set(updated.map((r) => r._id));
          const senders = sendersOf(records.filter((r) => spammed.has(r._id)));
          if (owner && senders.addresses.length) setOffer({ list, marked: spammed.size, ...senders });
          onDone();
        },
      },
    );
  };

  if (!agent) return null;
  const busy = marking || erase.isPending;
  if (confirming) {
    return (
      <span className="erase-confirm bulk-erase-confirm" role="alertdialog" aria-labelledby="bulk-erase-question">
        <span id="bulk-erase-question">
          Erase {plural(records.length, 'record', 'records')}, their mails and files for good? This cannot be undone.
        </span>
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => erase.mutate(records.map((r) => r._id))}
        >
          Erase for good
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={markSpam}>
        Mark as spam
      </button>
      {owner && (
        <button type="button" className="button erase-selected" disabled={busy} onClick={() => setConfirming(true)}>
          Erase selected
        </button>
      )}
    </>
  );
}

/**
 * Shown above a list after an owner marked records as spam: block their senders' addresses or
 * domains, so they get no mail and what they send next is stored as spam (docs/admin.md#block-list).
 */
export function BlockSendersOffer({ list }: { list: DeskListName }) {
  const { api } = useAdminServices();
  const [offer, setOffer] = useAtom(blockOfferAtom);
  const block = useMutation({
    mutationFn: (values: string[]) => api.block(values),
    onSuccess: (_answer, values, _context, { client }) => {
      const kind = values[0].includes('@') ? ['address', 'addresses'] : ['domain', 'domains'];
      toastOnce.success(`Blocked ${plural(values.length, kind[0], kind[1])}`);
      setOffer(null);
      void client.invalidateQueries({ queryKey: queryKeys.blockList });
    },
    onError: (error) => toastOnce.error(error.message),
  });
  if (!offer || offer.list !== list) return null;
  const { addresses, domains } = offer;
  return (
    <div className="block-offer" role="region" aria-label="Block the senders">
      <p>
        {plural(offer.marked, 'record', 'records')} marked as spam. Block the senders, so they get no mail from us and what they
        send next goes straight to Spam?
      </p>
      <p className="block-offer-senders">
        Addresses: {addresses.join(', ')}
        <br />
        Domains: {domains.join(', ')}
      </p>
      <div className="block-offer-actions">
        <button type="button" className="button" disabled={block.isPending} onClick={() => block.mutate(addresses)}>
          Block {plural(addresses.length, 'address', 'addresses')}
        </button>
        <button type="button" className="button" disabled={block.isPending} onClick={() => block.mutate(domains)}>
          Block {plural(domains.length, 'domain', 'domains')}
        </button>
        <button type="button" className="button" disabled={block.isPending} onClick={() => setOffer(null)}>
          Not now
        </button>
      </div>
    </div>
  );
}
