/** /faq and /driver-faq (the same page, SPEC §2.2): the entries of FAQ_ENTRIES. */
import { useLocation } from 'react-router';
import { FAQ_ENTRIES } from '../../../shared/public-content.ts';
import { PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

export default function FaqPage() {
  const { pathname } = useLocation();
  const path = pathname === '/driver-faq' ? '/driver-faq' : '/faq';
  const groups = [
    { title: 'For riders', id: 'riders', entries: FAQ_ENTRIES.filter((e) => e.audience === 'riders') },
    { title: 'For drivers', id: 'drivers', entries: FAQ_ENTRIES.filter((e) => e.audience === 'drivers') },
  ];
  if (path === '/driver-faq') groups.reverse();
  return (
    <PublicPage
      path={path}
      intro={
        <p>
          Cannot find your answer? Ask <TextLink to="/support">support</TextLink> or{' '}
          <TextLink to="/driver-support">driver support</TextLink>.
        </p>
      }
    >
      {groups.map((g) => (
        <Section key={g.id} id={g.id} title={g.title}>
          <dl className="flex flex-col gap-5">
            {g.entries.map((e) => (
              <div key={e.question}>
                <dt className="font-semibold text-slate-900">{e.question}</dt>
                <dd className="mt-1">{e.answer}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ))}
    </PublicPage>
  );
}
