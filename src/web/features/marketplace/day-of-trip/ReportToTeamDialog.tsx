/** The dialog behind "Dispute this no-show" and "The trip didn't happen": what happened, sent to our team. */
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog, type ReasonField } from '../../../components/ui/confirm-dialog.tsx';

export interface ReportToTeamDialogProps {
  /** The opening button's text. */
  button: string;
  title: string;
  description: string;
  /** Under the "What happened?" label: what to write. */
  hint?: string;
  /** Checks the reason (its least length and its message). */
  schema: ReasonField['schema'];
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<unknown>;
  onDone: () => void;
}

/**
 * A secondary button that opens a confirm dialog asking "What happened?" (required, up to 1,000
 * characters), with "Back", "Sending..." while it is sent and the usual failure message.
 */
export function ReportToTeamDialog({ button, hint, schema, ...props }: ReportToTeamDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      trigger={
        <Button variant="secondary" className="self-start">
          {button}
        </Button>
      }
      reason={{ label: 'What happened?', hint, maxLength: 1000, required: true, schema }}
      backLabel="Back"
      busyLabel="Sending..."
      failure="That did not work. Check your connection and try again."
    />
  );
}
