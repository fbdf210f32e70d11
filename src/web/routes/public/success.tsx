/** /success (SPEC §2.6): 'Payment Successful', thank-you text, confirmation e-mail, a Home link. */
import { CheckCircle2 } from 'lucide-react';
import { PUBLIC_PAGES } from '../../../shared/public-content.ts';
import { PublicPage, TextLink } from '../../features/public/PublicPage.tsx';

export default function SuccessPage() {
  return (
    <PublicPage path="/success">
      <div role="status" className="flex flex-col gap-4 rounded-xl border border-green-300 bg-green-50 p-6">
        <CheckCircle2 className="h-10 w-10 text-green-800" aria-hidden="true" />
        <p className="text-lg text-green-950">{PUBLIC_PAGES['/success'].description}</p>
      </div>
      <p>
        <TextLink to="/">Home</TextLink>
      </p>
    </PublicPage>
  );
}
