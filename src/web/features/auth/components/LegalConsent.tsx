/** The consent line of a sign-up form, linking the documents it agrees to. */
import { Fragment } from 'react';
import { Link } from 'react-router';

const DOCUMENTS = {
  terms: { to: '/terms', label: 'Terms of Service' },
  driverAgreement: { to: '/driver-agreement', label: 'Driver Agreement' },
  privacy: { to: '/privacy', label: 'Privacy Policy' },
} as const;

/** "By creating an account you agree to ..." with links to the documents that apply. */
export function LegalConsent({
  action,
  documents,
}: {
  action: string;
  documents: (keyof typeof DOCUMENTS)[];
}) {
  return (
    <p className="mt-4 text-xs text-slate-700">
      {action} you agree to our{' '}
      {documents.map((key, i) => (
        <Fragment key={key}>
          {i > 0 && (i === documents.length - 1 ? ' and ' : ', ')}
          <Link to={DOCUMENTS[key].to} className="underline underline-offset-2">
            {DOCUMENTS[key].label}
          </Link>
        </Fragment>
      ))}
      .
    </p>
  );
}
