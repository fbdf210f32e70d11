/** An avatar that carries the edit button (and its dialog) only when it is the signed-in user's own. */
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { AvatarEditDialog } from './AvatarEditDialog.tsx';

export function UserAvatar({
  userId,
  src,
  name,
  email,
  size = 'md',
  className,
}: {
  userId: string;
  src?: string | null;
  name?: string | null;
  email?: string | null;
  size?: 'sm' | 'md' | 'lg' | 'xl' | '2xl';
  className?: string;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // A browser-only test session has no account on the server to hold a picture.
  const own = Boolean(user && !user.isTest && user.id === userId);
  return (
    <>
      <Avatar
        src={src}
        name={name}
        email={email}
        size={size}
        className={className}
        onEdit={own ? () => setOpen(true) : undefined}
      />
      {own && <AvatarEditDialog open={open} onOpenChange={setOpen} />}
    </>
  );
}
