/** The decisions on a driver under review: approve or reject, suspend, reinstate (each through a dialog). */
import type { VerificationDetailDto } from '../../../../shared/marketplace/api.ts';
import { useDecision } from './api.ts';
import { DecisionDialog } from './DecisionDialog.tsx';

export function DriverActions({ detail }: { detail: VerificationDetailDto }) {
  const id = detail.profile.userId;
  const decide = useDecision(id);
  const send = (decision: string) => (reason: string) =>
    decide.mutateAsync({ target: 'driver', id, decision, reason });
  const status = detail.profile.verificationStatus;
  return (
    <div className="flex flex-wrap gap-2" data-testid="driver-actions">
      {status === 'pending_review' && (
        <>
          <DecisionDialog
            label="Approve driver"
            title="Verify this driver?"
            description="They can quote as soon as you confirm, and customers see the Verified badge. Every document must be approved first."
            confirmLabel="Verify driver"
            reasonRequired={false}
            onConfirm={send('approve')}
          />
          <DecisionDialog
            label="Reject driver"
            title="Reject this driver?"
            description="Say what to fix: the driver reads it and can submit again."
            confirmLabel="Reject driver"
            reasonRequired
            variant="destructive"
            onConfirm={send('reject')}
          />
        </>
      )}
      {status === 'verified' && (
        <DecisionDialog
          label="Suspend driver"
          title="Suspend this driver?"
          description="They stop quoting at once and their open quotes are withdrawn (the customers are told). Booked trips stay: follow them up."
          confirmLabel="Suspend driver"
          reasonRequired
          variant="destructive"
          onConfirm={send('suspend')}
        />
      )}
      {status === 'suspended' && (
        <DecisionDialog
          label="Reinstate driver"
          title="Reinstate this driver?"
          description="They can quote again if their documents are current."
          confirmLabel="Reinstate driver"
          reasonRequired={false}
          onConfirm={send('reinstate')}
        />
      )}
    </div>
  );
}
