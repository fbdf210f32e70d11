/**
 * Compliance documents on /driver-profile (issue 13): the authorisation and insurance certificates and a
 * safety inspection per vehicle, each with its state, the file, and an upload with its expiry date. Older
 * documents are kept under "History".
 */
import { useId, useState } from 'react';
import { UPLOAD } from '../../../shared/constants.ts';
import type { DriverDocumentDto, DriverVehicleDto } from '../../../shared/marketplace/api.ts';
import { sydneyToday } from '../../../shared/marketplace/time.ts';
import {
  DOCUMENT_KIND_HINTS,
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATUS_LABELS,
  type DocumentKind,
  formatDay,
  VERIFICATION_MESSAGES,
} from '../../../shared/marketplace/verification.ts';
import { documentMetaSchema } from '../../../shared/validation/driver-business.ts';
import { DOCUMENT_MIME_TYPES, formatBytes } from '../../../shared/validation/uploads.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, FormError } from '../../components/ui/field.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useSaveForm } from '../../lib/save-form.ts';
import { useDocuments, useUploadDocument, useVehicles } from './api.ts';

/** "Approved, valid until 30 Jun 2027", "Waiting for review", "Rejected: blurry", "Expired on 3 Mar 2026". */
export function documentState(d: DriverDocumentDto): string {
  if (d.expired) return `Expired on ${formatDay(d.expiresOn)}`;
  if (d.status === 'approved') return `Approved, valid until ${formatDay(d.expiresOn)}`;
  if (d.status === 'rejected') return `Rejected${d.reviewReason ? `: ${d.reviewReason}` : ''}`;
  return `${DOCUMENT_STATUS_LABELS.pending} (valid until ${formatDay(d.expiresOn)})`;
}

function UploadForm({
  kind,
  vehicleId,
  label,
}: {
  kind: DocumentKind;
  vehicleId: string | null;
  label: string;
}) {
  const upload = useUploadDocument();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const { errors, error, onSubmit } = useSaveForm({
    fallback: 'The document could not be uploaded.',
    check: () => {
      const next: Record<string, string> = {};
      const meta = documentMetaSchema(() => sydneyToday()).safeParse({
        kind,
        vehicleId: vehicleId ?? undefined,
        expiresOn,
      });
      if (!meta.success) for (const i of meta.error.issues) next[i.path.join('.')] ??= i.message;
      if (!file) next.file = VERIFICATION_MESSAGES.documentFile;
      else if (file.size > UPLOAD.maxBytes)
        next.file = `File is too large. Maximum size is ${formatBytes(UPLOAD.maxBytes)}.`;
      return next;
    },
    save: async (form) => {
      await upload.mutateAsync({ kind, vehicleId, expiresOn, file });
      toast({ title: `${label} uploaded`, description: 'We will review it soon.', variant: 'success' });
      setFile(null);
      setExpiresOn('');
      form.reset();
    },
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_12rem_auto]"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
          File (PDF or photo, up to {formatBytes(UPLOAD.maxBytes)})
        </label>
        <input
          id={fileId}
          type="file"
          accept={DOCUMENT_MIME_TYPES.join(',')}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${fileId}-error` : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {errors.file && (
          <p id={`${fileId}-error`} className="text-sm text-red-700">
            {errors.file}
          </p>
        )}
      </div>
      <Field
        label="Expiry date"
        type="date"
        min={sydneyToday()}
        value={expiresOn}
        onChange={(e) => setExpiresOn(e.target.value)}
        error={errors.expiresOn}
      />
      <Button type="submit" className="sm:mt-6" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload'}
      </Button>
      {(errors.kind || errors.vehicleId) && <FormError message={errors.kind ?? errors.vehicleId} />}
      <div className="sm:col-span-3">
        <FormError message={error} />
      </div>
    </form>
  );
}

function DocumentSlot({
  kind,
  vehicle,
  documents,
}: {
  kind: DocumentKind;
  vehicle: DriverVehicleDto | null;
  documents: DriverDocumentDto[];
}) {
  const mine = documents.filter((d) => d.kind === kind && d.vehicleId === (vehicle?.id ?? null));
  const current = mine.filter((d) => !d.replaced);
  const history = mine.filter((d) => d.replaced);
  const label = vehicle ? `${DOCUMENT_KIND_LABELS[kind]}: ${vehicle.label}` : DOCUMENT_KIND_LABELS[kind];
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      data-testid={`document-${kind}`}
    >
      <div>
        <h3 className="font-semibold">{label}</h3>
        <p className="text-sm text-slate-700">{DOCUMENT_KIND_HINTS[kind]}</p>
      </div>
      {current.length === 0 ? (
        <p className="text-sm font-medium text-amber-800">Not uploaded yet</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {current.map((d) => (
            <li key={d.id} className="text-sm">
              <a
                href={d.url}
                target="_blank"
                rel="noreferrer"
                className="text-brand-600 underline underline-offset-2"
              >
                {d.originalName}
              </a>{' '}
              <span className={d.status === 'approved' && !d.expired ? 'text-green-800' : 'text-amber-800'}>
                {documentState(d)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <UploadForm kind={kind} vehicleId={vehicle?.id ?? null} label={label} />
      {history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">History ({history.length})</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {history.map((d) => (
              <li key={d.id}>
                <a href={d.url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
                  {d.originalName}
                </a>{' '}
                uploaded {formatDay(d.uploadedAt.slice(0, 10))}, {documentState(d)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

export function DocumentsSection() {
  const documents = useDocuments();
  const vehicles = useVehicles();
  return (
    <Card className="flex flex-col gap-4">
      <h2 id="documents" tabIndex={-1} className="text-xl font-bold">
        Compliance documents
      </h2>
      <p className="text-sm text-slate-700">
        Only you and the ShuttleQuote team can see these. We remind you 30 and 7 days before one expires; an
        expired document stops your quotes until a new one is approved.
      </p>
      {documents.isPending || vehicles.isPending ? (
        <Loading />
      ) : (
        <ul className="flex flex-col gap-3">
          <DocumentSlot kind="authorisation" vehicle={null} documents={documents.data ?? []} />
          <DocumentSlot kind="insurance" vehicle={null} documents={documents.data ?? []} />
          {(vehicles.data ?? []).map((v) => (
            <DocumentSlot key={v.id} kind="safety_inspection" vehicle={v} documents={documents.data ?? []} />
          ))}
          {vehicles.data?.length === 0 && (
            <li className="text-sm">Add a vehicle above to upload its safety inspection.</li>
          )}
        </ul>
      )}
    </Card>
  );
}
