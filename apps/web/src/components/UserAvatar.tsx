import { Avatar } from '@primer/react';
import { useState } from 'react';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** The user's avatar, or the default one when there is none or it fails to load. */
export function UserAvatar({ src, size, alt }: { src: string | null; size: number; alt: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <Avatar
      src={src && !broken ? src : DEFAULT_AVATAR}
      size={size}
      alt={alt}
      onError={() => setBroken(true)}
    />
  );
}
