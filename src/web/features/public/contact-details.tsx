/** The support channels from the settings (never invented): e-mail, phone when set, hours and reply aim. */
import { REPLY_AIM_TEXT, SUPPORT_HOURS_TEXT } from '../../../shared/public-content.ts';
import { config } from '../../app/config.ts';
import { TextLink } from './PublicPage.tsx';

export function ContactDetails({ audience }: { audience: 'riders' | 'drivers' }) {
  const email = audience === 'drivers' ? config.driversEmail : config.supportEmail;
  return (
    <dl className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:grid-cols-2">
      <div>
        <dt className="text-sm font-semibold text-slate-900">E-mail</dt>
        <dd>
          <TextLink to={`mailto:${email}`}>{email}</TextLink>
        </dd>
      </div>
      {config.supportPhone && (
        <div>
          <dt className="text-sm font-semibold text-slate-900">Phone</dt>
          <dd>
            <TextLink to={`tel:${config.supportPhone.replace(/\s+/g, '')}`}>{config.supportPhone}</TextLink>
          </dd>
        </div>
      )}
      <div className="sm:col-span-2">
        <dt className="text-sm font-semibold text-slate-900">Hours</dt>
        <dd className="text-slate-700">
          {SUPPORT_HOURS_TEXT}. {REPLY_AIM_TEXT}
        </dd>
      </div>
    </dl>
  );
}
