/** One driver document under review: its file, expiry and state, and the approve and reject decisions. */
import type { DriverDocumentDto } from '../../../../shared/marketplace/api.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { DOCUMENT_KIND_LABELS, formatDay } from '../../../../shared/marketplace/verification.ts';
import { documentState } from '../../verification/DocumentsSection.tsx';
import { useDecision } from './api.ts';
import { DecisionDialog } from './DecisionDialog.tsx';

export function DocumentCard({ doc, driverId }: { doc: DriverDocumentDto; driverId: string }) {
  const decide = useDecision(driverId);
  const label = DOCUMENT_KIND_LABELS[doc.kind];
  return (
    <li
      className={`flex flex-col gap-2 rounded-lg border p-3 ${doc.replaced ? 'border-slate-200 opacity-75' : 'border-slate-300'}`}
      data-testid="review-document"
    >
      <p className="font-semibold">
        {label}
        {doc.vehicleLabel && <span className="block font-normal">{doc.vehicleLabel}</span>}
      </p>
      <p className="text-sm">
        <a
          href={doc.url}
          target="_blank"
          rel="noreferrer"
          className="text-brand-600 underline underline-offset-2"
        >
          Open {doc.originalName}
        </a>{' '}
        · uploaded {formatSydney(doc.uploadedAt)}
      </p>
      <p className="text-sm">
        Expires {formatDay(doc.expiresOn)} · <strong>{doc.replaced ? 'Replaced' : documentState(doc)}</strong>
      </p>
      {doc.status === 'pending' && !doc.replaced && (
        <div className="flex flex-wrap gap-2">
          <DecisionDialog
            label={`Approve ${label.split(' (')[0]!.toLowerCase()}`}
            title={`Approve the ${label.toLowerCase()}?`}
            description="Approve it only if it is legible, names this business (and vehicle), and the expiry date matches."
            confirmLabel="Approve document"
            reasonRequired={false}
            onConfirm={(reason) =>
              decide.mutateAsync({ target: 'document', id: doc.id, decision: 'approve', reason })
            }
          />
          <DecisionDialog
            label={`Reject ${label.split(' (')[0]!.toLowerCase()}`}
            title={`Reject the ${label.toLowerCase()}?`}
            description="Say what is wrong and what to upload instead: the driver reads it."
            confirmLabel="Reject document"
            reasonRequired
            variant="destructive"
            onConfirm={(reason) =>
              decide.mutateAsync({ target: 'document', id: doc.id, decision: 'reject', reason })
            }
          />
        </div>
      )}
    </li>
  );
}
