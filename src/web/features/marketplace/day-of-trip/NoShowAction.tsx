/**
 * "Customer didn't show up" (issue 30), for the driver once the free waiting time has run out: a confirm
 * dialog with an optional note ("Waited 15 minutes, called twice"). The API refuses it any earlier.
 */
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { z } from '../../../../shared/validation/z.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useMarkNoShow } from './api.ts';
import { DAY_TEXT } from './texts.ts';

const NOTE_MAX = 500;
const noteSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(NOTE_MAX, { error: `Keep the note under ${NOTE_MAX} characters.` }),
});

export function NoShowAction({ b, onDone }: { b: BookingDto; onDone: () => void }) {
  const markNoShow = useMarkNoShow(b.id);
  if (!b.canMarkNoShow) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" size="lg" className="w-full">
          {DAY_TEXT.noShowButton}
        </Button>
      }
      title={DAY_TEXT.noShowTitle}
      description={DAY_TEXT.noShowExplain}
      reason={{
        label: 'Note for the record (optional)',
        hint: 'For example: waited 15 minutes at the door, called twice, no answer.',
        maxLength: NOTE_MAX,
        schema: noteSchema,
      }}
      backLabel="Keep waiting"
      confirmLabel="Mark a no-show"
      busyLabel="Saving..."
      failure="That did not work. Check your connection and try again."
      variant="destructive"
      onConfirm={(note) => markNoShow.mutateAsync(note)}
      onDone={onDone}
    />
  );
}
