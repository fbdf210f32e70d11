/** /signup/test: a customer test account that lives only in this browser tab. */
import { AuthCard } from '../features/auth/components/AuthCard.tsx';
import { TestSignupForm } from '../features/auth/components/TestSignupForm.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function SignupTestPage() {
  usePageMeta('Test Sign Up', 'Try the app with a test account that lives only in this browser tab.');
  return (
    <AuthCard title="Create a test account">
      <TestSignupForm />
    </AuthCard>
  );
}
