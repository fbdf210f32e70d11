/**
 * /driver-profile (driver, admin): the driver's details, verification checklist, business record
 * (features/verification/BusinessProfileForm.tsx), vehicles and documents; an admin edits any driver's
 * record from the user list (?user=<id>).
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { type Section, SectionNav } from '../components/ui/section-nav.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { useDriverProfile } from '../features/marketplace/api.ts';
import { ProfileDetailsForm } from '../features/settings/ProfileDetailsForm.tsx';
import { BusinessProfileForm } from '../features/verification/BusinessProfileForm.tsx';
import { DocumentsSection } from '../features/verification/DocumentsSection.tsx';
import { VehiclesSection } from '../features/verification/VehiclesSection.tsx';
import { VerificationPanel } from '../features/verification/VerificationPanel.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function DriverProfilePage() {
  usePageMeta(
    'Driver Profile',
    'Your shuttle business: verification, business details, vehicles, compliance documents and availability.',
  );
  const { user } = useAuth();
  const { isAdmin } = useRBAC();
  // An admin edits any driver's record from the user list (?user=<id>).
  const [params] = useSearchParams();
  const userId = isAdmin ? (params.get('user') ?? undefined) : undefined;
  const profile = useDriverProfile(Boolean(user && !user.isTest), userId);
  // The checklist links to /driver-profile#<section>: bring that section into view once it is there.
  const loaded = Boolean(profile.data);
  useEffect(() => {
    const id = loaded ? window.location.hash.slice(1) : '';
    const target = id ? document.getElementById(id) : null;
    if (target) {
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    }
  }, [loaded]);
  // Issue 32: a phone moves through the long page by its sections ("Jump to"), each a heading.
  const record = Boolean(profile.data) && !user?.isTest;
  const sections: Section[] = [
    ...(userId ? [] : [{ id: 'details', label: 'Your details' }]),
    ...(record && !userId ? [{ id: 'verification', label: 'Verification' }] : []),
    ...(record
      ? [
          { id: 'business', label: 'Business' },
          { id: 'offers', label: 'What you offer' },
          { id: 'availability', label: 'Availability' },
        ]
      : []),
    ...(record && !userId
      ? [
          { id: 'vehicles', label: 'Vehicles' },
          { id: 'documents', label: 'Documents' },
        ]
      : []),
  ];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Driver profile</h1>
      {sections.length > 1 && <SectionNav label="Jump to a section" sections={sections} />}
      {!userId && (
        <Card className="flex flex-col gap-4">
          <h2 id="details" tabIndex={-1} className="text-xl font-bold">
            Your details
          </h2>
          <ProfileDetailsForm />
        </Card>
      )}
      {user?.isTest ? (
        <p>A test session has no saved business record.</p>
      ) : profile.isPending ? (
        <Loading />
      ) : profile.error instanceof ApiError && profile.error.status === 404 ? (
        <p>There is no driver business record for this account.</p>
      ) : profile.error ? (
        <p role="alert">The driver record could not be loaded.</p>
      ) : (
        <>
          {!userId && <VerificationPanel />}
          <BusinessProfileForm profile={profile.data} userId={userId} />
          {!userId && <VehiclesSection />}
          {!userId && <DocumentsSection />}
        </>
      )}
    </div>
  );
}
