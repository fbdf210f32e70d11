/** /signup/test-driver: a driver test account that lives only in this browser tab. */
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { TestSignupForm } from '../features/auth/components/TestSignupForm.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SignupTestDriverPage() {
  usePageMeta(
    'Test Driver Sign Up',
    'Try the driver side of the app with a test account in this browser tab.',
  );
  return (
    <AuthCard
      title="Create a test driver account"
      subtitle={
        <Link to="/signup/test" className="text-brand-600 underline underline-offset-4">
          Other test account types
        </Link>
      }
    >
      <TestSignupForm driverOnly />
    </AuthCard>
  );
}
