/**
 * An administrator's action that asks for a reason (issues 13 and 14): a button that opens a dialog with the
 * reason (required where it matters: it is kept in the audit log, and some people read it), any extra
 * fields, sends it, and shows the API's refusal in the dialog if there is one. Built on ConfirmDialog.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';

export interface ReasonDialogProps {
  /** The opening button's text: "Approve", "Suspend account". */
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Checks `{ reason }`; its first message is shown under the field. */
  schema: z.ZodType<{ reason: string }>;
  reasonLabel: string;
  /** Without a reason field (a plain confirmation). */
  noReason?: boolean;
  /** Fields before the reason (a role to choose). */
  extra?: ReactNode;
  variant?: ButtonProps['variant'];
  onConfirm: (reason: string) => Promise<unknown>;
}

export function ReasonDialog({
  label,
  schema,
  reasonLabel,
  noReason = false,
  variant = 'primary',
  ...rest
}: ReasonDialogProps) {
  return (
    <ConfirmDialog
      {...rest}
      trigger={
        <Button variant={variant} size="sm">
          {label}
        </Button>
      }
      reason={noReason ? undefined : { label: reasonLabel, maxLength: 1000, schema }}
      backLabel="Back"
      busyLabel="Saving..."
      failure="That did not work. Please try again."
      variant={variant}
    />
  );
}
