import { useEffect, useRef, useState } from 'react';
import { type PunchRow, usePunchPage } from '../../api/punches';
import { useSession } from '../../session/session';
import { useDeletePunch } from './PunchDialogs';

/** Punches per page: about a month of shifts. */
const PAGE_SIZE = 25;

/**
 * The punch table's state: the page shown (by the server's cursor), whether the caller may edit, the punch in the
 * Edit dialog (opened once by itself for `editPunchId`), and the delete confirmation.
 */
export function usePunchTable({
  employeeId,
  canEdit,
  limit,
  editPunchId,
}: {
  employeeId: number;
  canEdit: boolean;
  limit?: number;
  editPunchId?: number;
}) {
  // The page's position: a cursor the server gave, null for the newest page. With `limit`, only the newest rows.
  const [cursor, setCursor] = useState<string | null>(null);
  const punches = usePunchPage(employeeId, cursor, limit ?? PAGE_SIZE);
  const manager = useSession().user?.user_type === 'user';
  const editable = manager || canEdit;
  const [editing, setEditing] = useState<PunchRow | null>(null);
  const askDelete = useDeletePunch();
  const opened = useRef<number | undefined>(undefined);
  const asked = editable && editPunchId ? punches.data?.data.find((p) => p.id === editPunchId) : undefined;
  useEffect(() => {
    // Once per punch asked for: closing the dialog, or the list reloading after a save, does not open it again.
    if (!asked || opened.current === asked.id) return;
    opened.current = asked.id;
    setEditing(asked);
  }, [asked]);
  const page = punches.data;
  return {
    punches,
    page,
    rows: page?.data ?? [],
    paged: !limit && (!!page?.next_cursor || !!page?.prev_cursor),
    setCursor,
    editable,
    editing,
    setEditing,
    askDelete,
  };
}
