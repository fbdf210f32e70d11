/**
 * Drivers as verified businesses (issue 13): the verification states, the compliance documents, the ABN
 * checksum and the checklist that says what a driver still needs before they may quote. One source for the
 * API's gate (403 naming what is missing), /dashboard, /available-rides and /driver-profile.
 *
 * The rule: a driver may quote, be matched to trips and receive new-trip alerts only when an admin has
 * verified them (status 'verified') and their documents are in force: the authorisation and insurance
 * certificates approved and not expired, and at least one vehicle with an approved, unexpired safety
 * inspection. A quote may name only such a vehicle.
 */

import { sydneyToday } from './time.ts';

export const VERIFICATION_STATUSES = [
  /** Something is missing, or the driver has not submitted yet. Every driver starts here. */
  'incomplete',
  /** Submitted: an admin reviews the details, vehicles and documents. */
  'pending_review',
  'verified',
  /** An admin refused, with a reason; the driver fixes it and submits again. */
  'rejected',
  /** An admin stopped a verified driver, with a reason; only an admin reinstates. */
  'suspended',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  incomplete: 'Incomplete',
  pending_review: 'Pending review',
  verified: 'Verified',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export const DOCUMENT_KINDS = ['authorisation', 'insurance', 'safety_inspection'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  authorisation: 'Authorisation certificate',
  insurance: 'Insurance certificate (CTP and public liability)',
  safety_inspection: 'Safety inspection',
};
/** What each document is, in the words of the upload form. */
export const DOCUMENT_KIND_HINTS: Record<DocumentKind, string> = {
  authorisation:
    'Your booked service provider authorisation from the Point to Point Transport Commissioner (NSW).',
  insurance: 'Certificates of currency for CTP and public liability insurance covering your vehicles.',
  safety_inspection: "The vehicle's latest safety inspection report.",
};
/** Business documents: one of each per driver. A safety inspection is per vehicle. */
export const BUSINESS_DOCUMENT_KINDS = [
  'authorisation',
  'insurance',
] as const satisfies readonly DocumentKind[];

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Expiry reminders go this many days before a document's last valid day, once each. */
export const DOCUMENT_REMINDER_DAYS = [30, 7] as const;

export const VERIFICATION_EVENT_TYPES = [
  'submitted',
  'approved',
  'rejected',
  'suspended',
  'reinstated',
  'document_uploaded',
  'document_approved',
  'document_rejected',
  'document_expired',
  'quotes_withdrawn',
] as const;
export type VerificationEventType = (typeof VERIFICATION_EVENT_TYPES)[number];

export const BUSINESS_LIMITS = {
  companyNameMax: 120,
  descriptionMax: 600,
  serviceRadiusMinKm: 1,
  serviceRadiusMaxKm: 500,
  serviceRadiusDefaultKm: 50,
  seatsMin: 1,
  seatsMax: 50,
  luggageBagsMax: 100,
  childSeatsMax: 10,
  vehicleYearMin: 1980,
  reasonMin: 5,
  reasonMax: 1000,
} as const;

export const VERIFICATION_MESSAGES = {
  abnRequired: 'Please enter your ABN.',
  abnFormat: 'An ABN has 11 digits, for example 51 824 753 556.',
  abnChecksum: "That ABN isn't valid: please check the digits against your ABN record.",
  companyNameRequired: 'Please enter your trading name.',
  businessEmail: 'Please enter a valid e-mail address.',
  baseLocality: 'Choose your base from the list of places.',
  serviceRadius: `The service radius must be between ${BUSINESS_LIMITS.serviceRadiusMinKm} and ${BUSINESS_LIMITS.serviceRadiusMaxKm} km.`,
  description: `Keep the description to ${BUSINESS_LIMITS.descriptionMax} characters.`,
  make: 'Please enter the make, for example Toyota.',
  model: 'Please enter the model, for example HiAce.',
  year: `Enter a year between ${BUSINESS_LIMITS.vehicleYearMin} and next year.`,
  plate: 'Enter the registration plate: up to 9 letters and digits.',
  plateTaken: 'You already have a vehicle with this registration plate.',
  seats: `Passenger seats must be a whole number from ${BUSINESS_LIMITS.seatsMin} to ${BUSINESS_LIMITS.seatsMax}.`,
  luggage: `Luggage capacity must be a whole number of bags from 0 to ${BUSINESS_LIMITS.luggageBagsMax}.`,
  childSeats: `Child seats must be a whole number from 0 to ${BUSINESS_LIMITS.childSeatsMax}.`,
  documentKind: 'Choose which document this is.',
  documentVehicle: 'Choose the vehicle this safety inspection is for.',
  documentFile: 'Choose the document file to upload (PDF, PNG, JPEG, GIF or WebP).',
  expiryRequired: 'Enter the date the document expires.',
  expiryPast: 'The expiry date must be today or later: this document has already expired.',
  expiryFormat: 'Enter the expiry date as a date, for example 30/06/2027.',
  reasonRequired: `Please give a reason of at least ${BUSINESS_LIMITS.reasonMin} characters: the driver reads it.`,
  reasonTooLong: `Keep the reason to ${BUSINESS_LIMITS.reasonMax} characters.`,
  /** 409s of the verification flow. */
  cannotSubmit: "You can't submit yet: complete every item on the checklist first.",
  alreadySubmitted: 'Your details are already with us for review.',
  alreadyVerified: 'Your business is already verified.',
  suspendedSubmit: 'Your account is suspended. Please contact driver support.',
  lockedWhileVerified:
    'Your ABN and BSP number were checked when you were verified. Contact driver support to change them.',
  cannotApprove:
    "This driver can't be approved yet: every document must be approved and current, with at least one vehicle.",
  notPendingReview: 'This driver is not waiting for review.',
  notVerified: 'Only a verified driver can be suspended.',
  notSuspended: 'Only a suspended driver can be reinstated.',
  documentDecided: 'This document has already been reviewed.',
  vehicleInUse: 'This vehicle is named on a live quote or an upcoming booking, so it cannot be removed now.',
  /** Quoting. */
  vehicleRequired: 'Choose the vehicle that will do this trip.',
  vehicleUnknown: "That vehicle isn't one of yours. Choose one of your vehicles.",
  vehicleNotInspected:
    "That vehicle's safety inspection isn't approved and current, so it can't be quoted. Upload a current inspection on your profile.",
  vehicleTooSmall: (seats: number, passengers: number) =>
    `That vehicle has ${seats} passenger ${seats === 1 ? 'seat' : 'seats'} but this trip is for ${passengers} ${passengers === 1 ? 'passenger' : 'passengers'}. Choose a larger vehicle.`,
} as const;

/**
 * ATO rule: subtract 1 from the first digit, weight the 11 digits 10, 1, 3, 5, ... 19, and the sum must be
 * a multiple of 89. Takes digits only.
 */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let sum = 0;
  for (let i = 0; i < 11; i += 1) {
    const d = Number(digits[i]) - (i === 0 ? 1 : 0);
    sum += d * weights[i]!;
  }
  return sum % 89 === 0;
}

/** '51824753556' -> '51 824 753 556' (how the ATO writes it). */
export function formatAbn(digits: string): string {
  return /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : digits;
}

/** A document as the checklist sees it (only documents not replaced). */
export interface StandingDocument {
  id: string;
  kind: DocumentKind;
  vehicleId: string | null;
  status: DocumentStatus;
  /** Last valid day, 'YYYY-MM-DD' (Sydney). */
  expiresOn: string;
  reviewReason: string | null;
  createdAt: string;
}

export interface StandingInput {
  status: VerificationStatus;
  statusReason: string | null;
  verifiedAt: string | null;
  profile: {
    companyName: string;
    abn: string;
    bspNumber: string;
    businessPhone: string;
    baseLocality: string;
  };
  /** Active (not retired) vehicles. */
  vehicles: { id: string; label: string }[];
  documents: StandingDocument[];
  /** Today in Sydney, 'YYYY-MM-DD'. */
  today: string;
  /**
   * The oldest statement still unpaid OVERDUE_HOLD_DAYS after its due date (issue 15): quoting pauses until
   * it is paid. Null or absent when none.
   */
  unpaidStatement?: { id: string; number: string; dueOn: string } | null;
}

export type ChecklistSection = 'business' | 'vehicles' | 'documents' | 'review' | 'billing';

export interface ChecklistItem {
  /** Stable: 'abn', 'bsp_number', ..., 'safety_inspection:<vehicleId>', 'review'. */
  key: string;
  /** What is needed, as the checklist shows it: "ABN", "Insurance certificate (CTP and public liability)". */
  label: string;
  done: boolean;
  /** Its state in words: "Waiting for review", "Expired on 3 Mar 2026", "Rejected: blurry scan". */
  detail: string;
  /** Where the driver fixes it. */
  href: string;
  section: ChecklistSection;
  /** Undone and stopping the driver from quoting. */
  blocking: boolean;
}

export interface DriverStanding {
  status: VerificationStatus;
  statusReason: string | null;
  verifiedAt: string | null;
  /** Verified and documents in force: may quote, be matched and alerted. */
  canQuote: boolean;
  /** Everything is there: may submit for review now. */
  canSubmit: boolean;
  /** Vehicles a quote may name: active, with an approved, unexpired safety inspection. */
  usableVehicleIds: string[];
  items: ChecklistItem[];
  /** The labels of the blocking undone items, for the 403 message. */
  missing: string[];
}

const PROFILE_HREF = '/driver-profile#business';
const VEHICLES_HREF = '/driver-profile#vehicles';
const DOCUMENTS_HREF = '/driver-profile#documents';
const REVIEW_HREF = '/driver-profile#verification';

/** '2026-03-03' -> '3 Mar 2026' (no clock: a document's date is a calendar day). */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}`;
}

function documentState(docs: StandingDocument[], today: string) {
  const inForce = docs.find((d) => d.status === 'approved' && d.expiresOn >= today) ?? null;
  const waiting = docs.find((d) => d.status === 'pending' && d.expiresOn >= today) ?? null;
  const newest = [...docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
  let detail = 'Not uploaded';
  if (inForce) detail = `Approved, valid until ${formatDay(inForce.expiresOn)}`;
  else if (waiting) detail = DOCUMENT_STATUS_LABELS.pending;
  else if (newest?.status === 'rejected')
    detail = `Rejected${newest.reviewReason ? `: ${newest.reviewReason}` : ''}. Upload a new one.`;
  else if (newest && newest.expiresOn < today)
    detail = `Expired on ${formatDay(newest.expiresOn)}. Upload a new one.`;
  if (inForce && waiting) detail += '; a newer one is waiting for review';
  return { inForce, uploaded: Boolean(inForce || waiting), detail };
}

function reviewItem(input: StandingInput, ready: boolean): ChecklistItem {
  const base = { key: 'review', href: REVIEW_HREF, section: 'review' as const };
  switch (input.status) {
    case 'verified':
      return {
        ...base,
        label: 'Verified by ShuttleQuote',
        done: true,
        detail: input.verifiedAt
          ? `Verified on ${formatDay(sydneyToday(new Date(input.verifiedAt)))}`
          : 'Verified',
        blocking: false,
      };
    case 'pending_review':
      return {
        ...base,
        label: 'Admin review',
        done: false,
        detail: 'Submitted: an admin is reviewing your details, usually within one business day.',
        blocking: true,
      };
    case 'rejected':
      return {
        ...base,
        label: 'Admin review',
        done: false,
        detail: `Not approved${input.statusReason ? `: ${input.statusReason}` : ''}. Fix it and submit again.`,
        blocking: true,
      };
    case 'suspended':
      return {
        ...base,
        label: 'Account in good standing',
        done: false,
        detail: `Suspended${input.statusReason ? `: ${input.statusReason}` : ''}. Contact driver support.`,
        blocking: true,
      };
    default:
      return {
        ...base,
        label: 'Submit for review',
        done: false,
        detail: ready
          ? 'Everything is there: submit it for review.'
          : 'Complete the items above, then submit.',
        blocking: true,
      };
  }
}

/** What a driver has and lacks, from a snapshot of their record. Pure: the API and the tests call it. */
export function driverStanding(input: StandingInput): DriverStanding {
  const { profile, today } = input;
  const field = (key: string, label: string, value: string): ChecklistItem => ({
    key,
    label,
    done: value.trim() !== '',
    detail: value.trim() !== '' ? 'Done' : 'Not given yet',
    href: PROFILE_HREF,
    section: 'business',
    blocking: value.trim() === '',
  });
  // A trading name is optional: a sole trader trades under their own name (the card then shows it).
  const items: ChecklistItem[] = [
    field('abn', 'ABN', profile.abn),
    field('bsp_number', 'BSP authorisation number', profile.bspNumber),
    field('business_phone', 'Business phone', profile.businessPhone),
    field('base_locality', 'Base locality and service radius', profile.baseLocality),
  ];
  const hasVehicle = input.vehicles.length > 0;
  items.push({
    key: 'vehicle',
    label: 'At least one vehicle',
    done: hasVehicle,
    detail: hasVehicle
      ? `${input.vehicles.length} ${input.vehicles.length === 1 ? 'vehicle' : 'vehicles'}`
      : 'No vehicle added yet',
    href: VEHICLES_HREF,
    section: 'vehicles',
    blocking: !hasVehicle,
  });

  let allUploaded = hasVehicle;
  let businessInForce = true;
  for (const kind of BUSINESS_DOCUMENT_KINDS) {
    const state = documentState(
      input.documents.filter((d) => d.kind === kind),
      today,
    );
    allUploaded &&= state.uploaded;
    businessInForce &&= Boolean(state.inForce);
    items.push({
      key: kind,
      label: DOCUMENT_KIND_LABELS[kind],
      done: Boolean(state.inForce),
      detail: state.detail,
      href: DOCUMENTS_HREF,
      section: 'documents',
      blocking: !state.inForce,
    });
  }
  const usableVehicleIds: string[] = [];
  const inspectionItems: ChecklistItem[] = [];
  for (const v of input.vehicles) {
    const state = documentState(
      input.documents.filter((d) => d.kind === 'safety_inspection' && d.vehicleId === v.id),
      today,
    );
    allUploaded &&= state.uploaded;
    if (state.inForce) usableVehicleIds.push(v.id);
    inspectionItems.push({
      key: `safety_inspection:${v.id}`,
      label: `${DOCUMENT_KIND_LABELS.safety_inspection}: ${v.label}`,
      done: Boolean(state.inForce),
      detail: state.detail,
      href: DOCUMENTS_HREF,
      section: 'documents',
      blocking: false,
    });
  }
  // One vehicle with a current inspection is enough to quote (with that vehicle); the others are listed.
  const someVehicleUsable = usableVehicleIds.length > 0;
  for (const item of inspectionItems) item.blocking = !item.done && !someVehicleUsable;
  if (!hasVehicle) {
    inspectionItems.push({
      key: 'safety_inspection',
      label: DOCUMENT_KIND_LABELS.safety_inspection,
      done: false,
      detail: 'Add a vehicle, then upload its safety inspection',
      href: VEHICLES_HREF,
      section: 'documents',
      blocking: true,
    });
  }
  items.push(...inspectionItems);

  const detailsComplete = items.every((i) => i.section !== 'business' || i.done);
  const ready = detailsComplete && allUploaded;
  const canSubmit = ready && (input.status === 'incomplete' || input.status === 'rejected');
  items.push(reviewItem(input, ready));
  const unpaid = input.unpaidStatement ?? null;
  if (unpaid)
    items.push({
      key: 'billing',
      label: `Pay statement ${unpaid.number}`,
      done: false,
      detail: `It was due on ${formatDay(unpaid.dueOn)}. Quoting resumes as soon as it is paid.`,
      href: `/driver-billing/${unpaid.id}`,
      section: 'billing',
      blocking: true,
    });

  const canQuote =
    input.status === 'verified' && businessInForce && someVehicleUsable && detailsComplete && !unpaid;
  const missing = items.filter((i) => i.blocking && !i.done).map((i) => i.label);
  return {
    status: input.status,
    statusReason: input.statusReason,
    verifiedAt: input.verifiedAt,
    canQuote,
    canSubmit,
    usableVehicleIds,
    items,
    missing: canQuote ? [] : missing,
  };
}

/** The 403 every quoting route answers a driver who may not quote. */
export function notVerifiedMessage(missing: readonly string[]): string {
  // Held only for an unpaid statement (issue 15): say that, not "must be verified".
  if (missing.length === 1 && missing[0]!.startsWith('Pay statement '))
    return `You can't quote until your overdue statement is paid: ${missing[0]!.replace('Pay statement ', 'statement ')}.`;
  const list = missing.length ? missing.join('; ') : 'admin verification';
  return `You can't quote yet: your business must be verified with current documents. Still needed: ${list}.`;
}
export const NOT_VERIFIED_CODE = 'driver_not_verified';
