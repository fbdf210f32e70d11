/** /signup/driver: driver registration with a BSP number (SPEC §2.6). */
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { LegalConsent } from '../features/auth/components/LegalConsent.tsx';
import { SignupForm } from '../features/auth/components/SignupForm.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SignupDriverPage() {
  usePageMeta(
    'Driver Sign Up',
    'Register your shuttle business to quote for pre-booked trips in Port Stephens.',
  );
  return (
    <AuthCard
      title="Register as a driver"
      subtitle={
        <>
          For shuttle businesses registered with the NSW Point to Point Transport Commission. Looking for a
          ride instead?{' '}
          <Link to="/signup" className="font-semibold text-brand-600 underline underline-offset-4">
            Customer sign-up
          </Link>
          .
        </>
      }
    >
      <SignupForm userType="driver" />
      <LegalConsent action="By registering" documents={['terms', 'driverAgreement', 'privacy']} />
    </AuthCard>
  );
}
