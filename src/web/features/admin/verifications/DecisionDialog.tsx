/** An admin's decision on a driver or a document (issue 13), through ReasonDialog. */
import { optionalReasonSchema, requiredReasonSchema } from '../../../../shared/validation/driver-business.ts';
import type { ButtonProps } from '../../../components/ui/button.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';

/** The reason is required to reject or suspend (the driver reads it), optional otherwise. */
export function DecisionDialog(props: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  reasonRequired: boolean;
  variant?: ButtonProps['variant'];
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { reasonRequired, ...rest } = props;
  return (
    <ReasonDialog
      {...rest}
      schema={reasonRequired ? requiredReasonSchema : optionalReasonSchema}
      reasonLabel={reasonRequired ? 'Reason (the driver reads it)' : 'Note (optional, the driver reads it)'}
    />
  );
}
