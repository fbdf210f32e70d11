/** /admin/verifications/{driverId}: one driver's review (issue 13). */
import { Link } from 'react-router';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { formatAbn, VERIFICATION_STATUS_LABELS } from '../../../../shared/marketplace/verification.ts';
import { plural } from '../../../../shared/plural.ts';
import { formatPhone } from '../../../../shared/validation/phone.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Checklist } from '../../verification/Checklist.tsx';
import { vehicleFeatures } from '../../verification/VehiclesSection.tsx';
import { useVerificationDetail } from './api.ts';
import { DocumentCard } from './DocumentCard.tsx';
import { DriverActions } from './DriverActions.tsx';

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

/**
 * One driver's business details, vehicles and documents side by side, the checklist, and the decisions (each
 * document, then the driver; suspend and reinstate), each asking for a reason where it matters, with the
 * record of every decision.
 */
export function VerificationReview({ driverId }: { driverId: string }) {
  const detail = useVerificationDetail(driverId);
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
                        {plural(v.seats, 'seat')} · {plural(v.luggageBags, 'bag')}
                        {v.colour ? ` · ${v.colour}` : ''}
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
