import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { sessionAtom } from '../session/session';
import { readHiddenColumns, writeHiddenColumns } from './hidden-columns';

/** The headers the signed-in admin hid in a list, and a toggle that remembers the choice for them. */
export function useHiddenColumns(list: string): { hidden: ReadonlySet<string>; toggle: (header: string) => void } {
  const adminId = useAtomValue(sessionAtom).admin?.id ?? null;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    setHidden(new Set(adminId ? readHiddenColumns(window.localStorage, adminId, list) : []));
  }, [adminId, list]);
  const toggle = useCallback(
    (header: string) => {
      const next = new Set(hidden);
      if (!next.delete(header)) next.add(header);
      setHidden(next);
      if (adminId) writeHiddenColumns(window.localStorage, adminId, list, [...next]);
    },
    [adminId, list, hidden],
  );
  return { hidden, toggle };
}
