/**
 * An administrator's actions on one statement (issue 15): record the bank transfer that paid it (the
 * bank's reference is kept in the audit log), or void it with a reason. Shown on /driver-billing/:id.
 */
import { BILLING_MESSAGES, type StatementDetailDto } from '../../../../shared/billing.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { voidStatementSchema } from '../../../../shared/validation/billing.ts';
import { z } from '../../../../shared/validation/z.ts';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { useStatementAction } from './api.ts';

const referenceSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: BILLING_MESSAGES.referenceRequired })
    .max(100, { error: BILLING_MESSAGES.referenceTooLong }),
});

export function StatementAdminActions({ statement }: { statement: StatementDetailDto }) {
  const action = useStatementAction(statement.id);
  if (statement.status !== 'open' && statement.status !== 'overdue') return null;
  return (
    <section
      aria-labelledby="admin-actions"
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-slate-50 p-5"
    >
      <h2 id="admin-actions" className="text-lg font-bold">
        Administrator actions
      </h2>
      <div className="flex flex-wrap gap-3">
        <ReasonDialog
          label="Record bank payment"
          title={`Record a bank payment for ${statement.number}`}
          description={`The driver paid ${formatAud(statement.totalCents)}, the statement total, by bank transfer. The statement becomes paid and the driver is told.`}
          confirmLabel="Record payment"
          reasonLabel="Bank reference"
          schema={referenceSchema}
          onConfirm={(reference) =>
            action.mutateAsync({ kind: 'pay', amount: statement.totalCents / 100, reference })
          }
        />
        <ReasonDialog
          label="Void statement"
          variant="secondary"
          title={`Void ${statement.number}`}
          description="Nothing will be owed on it. The reason is kept in the audit log and shown to the driver."
          confirmLabel="Void statement"
          reasonLabel="Reason"
          schema={voidStatementSchema}
          onConfirm={(reason) => action.mutateAsync({ kind: 'void', reason })}
        />
      </div>
    </section>
  );
}
