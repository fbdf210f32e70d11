/** /profile (customer, admin): account details, the avatar with its edit dialog, and the user's documents. */
import { formatPhone, PHONE_MESSAGES } from '../../shared/validation/phone.ts';
import { Card } from '../components/ui/card.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { UserAvatar } from '../features/avatars/OwnAvatar.tsx';
import { MyDocuments } from '../features/files/MyDocuments.tsx';
import { ProfileDetailsForm } from '../features/settings/ProfileDetailsForm.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function ProfilePage() {
  const { user } = useAuth();
  usePageMeta('Profile', 'Your account details.');
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Profile</h1>
      {/* Wraps: with 150 % text on a phone the details go under the photo instead of being squeezed to a
          letter per line beside it (issue 32). */}
      <Card className="flex flex-wrap items-center gap-4">
        <UserAvatar userId={user.id} src={user.avatarUrl} name={user.fullName} email={user.email} size="xl" />
        <dl
          className="grid min-w-40 flex-1 grid-cols-1 gap-x-4 gap-y-1 text-sm wrap-anywhere sm:grid-cols-[auto_minmax(0,1fr)]"
          data-testid="profile-details"
        >
          <dt className="font-semibold">Name</dt>
          <dd>{user.fullName}</dd>
          <dt className="font-semibold">Email</dt>
          <dd>{user.email}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{user.phone ? formatPhone(user.phone) : PHONE_MESSAGES.none}</dd>
          <dt className="font-semibold">Account type</dt>
          <dd className="capitalize">{user.userType}</dd>
        </dl>
      </Card>
      {!user.isTest && <ProfileDetailsForm />}
      {!user.isTest && <MyDocuments />}
    </div>
  );
}
