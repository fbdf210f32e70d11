/** /signup: customer sign-up (SPEC §2.6). */
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { LegalConsent } from '../features/auth/components/LegalConsent.tsx';
import { SignupForm } from '../features/auth/components/SignupForm.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SignupPage() {
  usePageMeta(
    'Sign Up',
    'Create a free account to post shuttle trips and compare quotes from local drivers.',
  );
  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-600 underline underline-offset-4">
            Sign in
          </Link>
          . Run a shuttle business?{' '}
          <Link to="/signup/driver" className="font-semibold text-brand-600 underline underline-offset-4">
            Register as a driver
          </Link>
          .
        </>
      }
    >
      <SignupForm userType="customer" />
      <LegalConsent action="By creating an account" documents={['terms', 'privacy']} />
    </AuthCard>
  );
}
