/**
 * /admin/verifications/{driverId} (admin, issue 13): one driver's business details, vehicles and documents
 * side by side, the checklist, and the decisions (each document, then the driver; suspend and reinstate),
 * each asking for a reason where it matters, with the record of every decision.
 */
import { Link, useParams } from 'react-router';
import type { DriverDocumentDto, VerificationDetailDto } from '../../shared/marketplace/api.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import {
  DOCUMENT_KIND_LABELS,
  formatAbn,
  formatDay,
  VERIFICATION_STATUS_LABELS,
} from '../../shared/marketplace/verification.ts';
import { formatPhone } from '../../shared/validation/phone.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useDecision, useVerificationDetail } from '../features/admin-verifications/api.ts';
import { DecisionDialog } from '../features/admin-verifications/DecisionDialog.tsx';
import { Checklist } from '../features/verification/Checklist.tsx';
import { documentState } from '../features/verification/DocumentsSection.tsx';
import { vehicleFeatures } from '../features/verification/VehiclesSection.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

const EVENT_LABELS: Record<string, string> = {
  submitted: 'Submitted for review',
  approved: 'Driver approved',
  rejected: 'Driver rejected',
  suspended: 'Driver suspended',
  reinstated: 'Driver reinstated',
  document_uploaded: 'Document uploaded',
  document_approved: 'Document approved',
  document_rejected: 'Document rejected',
  document_expired: 'Document expired',
  quotes_withdrawn: 'Quotes withdrawn',
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="wrap-anywhere">{value || 'Not given'}</dd>
    </div>
  );
}

function DocumentCard({ doc, driverId }: { doc: DriverDocumentDto; driverId: string }) {
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

function DriverActions({ detail }: { detail: VerificationDetailDto }) {
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

export default function AdminVerificationPage() {
  const { id = '' } = useParams();
  const detail = useVerificationDetail(id);
  usePageMeta('Driver review', 'One driver’s business, vehicles and documents, and the decisions.');
  if (detail.isPending) return <Loading />;
  if (detail.error || !detail.data) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Driver review</h1>
        <p role="alert">This driver could not be found.</p>
      </div>
    );
  }
  const d = detail.data;
  const p = d.profile;
  const current = d.documents.filter((x) => !x.replaced);
  const older = d.documents.filter((x) => x.replaced);
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/admin/verifications"
        className="self-start font-semibold text-brand-600 underline underline-offset-4"
      >
        Back to verifications
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{p.companyName || d.account.fullName}</h1>
        <span
          className="rounded-full border border-slate-300 px-3 py-1 text-sm font-semibold"
          data-testid="review-status"
        >
          {VERIFICATION_STATUS_LABELS[p.verificationStatus]}
        </span>
      </div>
      <DriverActions detail={d} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Business</h2>
            <dl className="flex flex-col gap-1">
              <Row label="Trading name" value={p.companyName} />
              <Row label="Contact" value={`${d.account.fullName} · ${d.account.email}`} />
              <Row label="ABN" value={p.abn ? formatAbn(p.abn) : ''} />
              <Row label="BSP number" value={p.bspNumber} />
              <Row label="Business phone" value={p.businessPhone ? formatPhone(p.businessPhone) : ''} />
              <Row label="Business e-mail" value={p.businessEmail} />
              <Row label="Base" value={p.base ? `${p.base.label}, ${p.serviceRadiusKm} km radius` : ''} />
              <Row label="Member since" value={formatSydney(d.account.memberSince)} />
              <Row label="Description" value={p.description} />
            </dl>
          </Card>
          <Card className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Vehicles</h2>
            {d.vehicles.length === 0 ? (
              <p>No vehicles.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {d.vehicles.map((v) => (
                  <li key={v.id} className="flex gap-3">
                    {v.photoUrl ? (
                      <img
                        src={v.photoUrl}
                        alt={`${v.make} ${v.model}`}
                        className="h-20 w-28 rounded object-cover"
                      />
                    ) : (
                      <div className="flex h-20 w-28 items-center justify-center rounded bg-slate-100 text-xs">
                        No photo
                      </div>
                    )}
                    <div className="text-sm">
                      <p className="font-semibold">{v.label}</p>
                      <p>
                        {v.seats} seats · {v.luggageBags} bags{v.colour ? ` · ${v.colour}` : ''}
                      </p>
                      {vehicleFeatures(v) && <p>{vehicleFeatures(v)}</p>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Checklist</h2>
            <Checklist standing={d.standing} links={false} />
          </Card>
        </div>
        <div className="flex flex-col gap-4">
          <Card className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Documents</h2>
            {current.length === 0 ? (
              <p>No documents uploaded.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {current.map((doc) => (
                  <DocumentCard key={doc.id} doc={doc} driverId={p.userId} />
                ))}
              </ul>
            )}
            {older.length > 0 && (
              <details>
                <summary className="cursor-pointer text-sm font-semibold">
                  Older documents ({older.length})
                </summary>
                <ul className="mt-2 flex flex-col gap-2">
                  {older.map((doc) => (
                    <DocumentCard key={doc.id} doc={doc} driverId={p.userId} />
                  ))}
                </ul>
              </details>
            )}
          </Card>
          <Card className="flex flex-col gap-3">
            <h2 className="text-xl font-bold">Record</h2>
            <ol className="flex flex-col gap-2 text-sm" data-testid="review-record">
              {d.events.map((e) => (
                <li key={e.id}>
                  <span className="font-semibold">{EVENT_LABELS[e.action] ?? e.action}</span> ·{' '}
                  {formatSydney(e.at)} · {e.actorName}
                  {e.reason && <span className="block text-slate-700">{e.reason}</span>}
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
    </div>
  );
}
