/** Internal notes on a user or a booking (issue 14): only administrators see them. */
import { type FormEvent, useId, useState } from 'react';
import { adminNoteSchema } from '../../../shared/admin/users.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormError } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';

export interface NoteItem {
  id: string;
  body: string;
  by: string | null;
  at: string;
}

export function NotesCard({
  notes,
  busy,
  onAdd,
}: {
  notes: NoteItem[];
  busy: boolean;
  onAdd: (body: string) => Promise<unknown>;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = adminNoteSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await onAdd(parsed.data.body);
      setBody('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The note could not be saved. Please try again.');
    }
  }
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">Internal notes</h2>
      <p className="text-slate-700">Only administrators see these.</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <label htmlFor={id} className="font-semibold">
          New note
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={2000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className="rounded-md border border-slate-400 px-3 py-2"
        />
        <FormError message={error} />
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            Add note
          </Button>
        </div>
      </form>
      {notes.length > 0 && (
        <ul className="flex flex-col gap-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border border-slate-200 p-3">
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="text-sm text-slate-700">
                {n.by ?? 'An administrator'}, {formatDateTime(n.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
